import { PUBLISHED_MESSAGE } from '../../components/listing-form/publish-outcome'
import { prunePublished } from '../../device/drafts'
import { outboxStore } from '../../device/outbox'
import { registerOutboxKinds, runOutbox } from '../../lib/outbox/runner'
import { notify } from '../../lib/toast'
import { LISTING_PUBLISH_KIND } from '../../types/listing-publish'
import { draftPorts } from './api/draft-ports'
import { publishDraft } from './publish-job'

// The outbox kind `listing.publish`: a draft kept on this device, published once through the one outbox, in
// order with the device's other writes (the draft's job, ./publish-job.ts, is its handler).

/** Drafts the form is sending now: the form says how it ended, so no toast of their own. */
const sentFromForm = new Map<string, boolean>()

registerOutboxKinds({
  [LISTING_PUBLISH_KIND]: async (entry) => {
    const { draftId } = entry.payload
    if ((await publishDraft(draftId, entry.userId, await draftPorts())) !== 'published') return
    if (sentFromForm.has(draftId)) sentFromForm.set(draftId, true)
    else notify.success(PUBLISHED_MESSAGE)
  },
})

/** Sends the signed-in user's queued writes (their drafts' publishing among them), once published receipts older than a day are forgotten. */
export async function sendQueuedDrafts(userId: string) {
  await prunePublished(userId, Date.now()).catch(() => 0)
  return runOutbox(userId, outboxStore())
}

/**
 * Sends the outbox now for a draft the form has just kept, and says whether this tab ran it (false: another
 * tab holds the outbox, or the device's store failed) and whether this run published the draft.
 */
export async function sendDraftFromForm(
  draftId: string,
  userId: string,
): Promise<{ ran: boolean; publishedHere: boolean }> {
  sentFromForm.set(draftId, false)
  try {
    const ran = (await runOutbox(userId, outboxStore())) !== null
    return { ran, publishedHere: sentFromForm.get(draftId) === true }
  } finally {
    sentFromForm.delete(draftId)
  }
}
