import { env } from '@/config/env'
import { deleteDraft, readDraft } from '@/device/drafts'
import { inOneTab } from '@/lib/outbox/one-tab'
import type { PublishOutcome } from '../../publish-outcome'
import { draftFieldErrors } from '../check-draft'
import { announceDraftsChanged, DRAFTS_LOCK } from '../draft-events'
import { DRAFT_MESSAGES } from '../draft-messages'
import { type PublishResult, publishDraft } from '../publish-job'
import { refusalOutcome } from '../refusal-outcome'
import { draftPorts } from './draft-ports'

/**
 * Runs the draft's publish job now, in this tab and under the same one-tab lock as the background publisher,
 * and says how it ended as the form's outcome. A listing published from the form needs no receipt on the
 * Profile. A refused one goes back to the form, and stays a draft only when it was one already
 * (`keepIfRefused`): a listing the person is creating online stays in the form, not on the device. Offline or
 * with the server in trouble (or another tab sending drafts), it waits as a draft for the background publisher.
 */
export async function sendDraft(
  id: string,
  userId: string,
  options: { keepIfRefused: boolean },
): Promise<PublishOutcome> {
  const ports = await draftPorts()
  let result = 'skipped' as PublishResult
  const ran = await inOneTab(DRAFTS_LOCK, async () => {
    result = await publishDraft(id, userId, ports, { force: true })
  })
  const found = await readDraft(id)
  const draft = found?.draft
  if (draft?.state === 'published') {
    const here = result === 'published'
    if (here) await deleteDraft(id)
    return { status: 'published', listingId: id, type: draft.values.type, announce: here }
  }
  if (found && draft?.state === 'needs-attention') {
    const errors = draftFieldErrors(draft.values, found.photos, draft.reason, env.geocoding)
    if (!options.keepIfRefused) await deleteDraft(id)
    return refusalOutcome({ step: draft.progress.step, reason: draft.reason ?? '', errors })
  }
  announceDraftsChanged()
  return { status: 'kept', message: ran ? DRAFT_MESSAGES.saved : DRAFT_MESSAGES.savedOnline }
}
