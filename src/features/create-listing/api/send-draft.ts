import type { PublishOutcome } from '../../../components/listing-form/publish-outcome'
import { env } from '../../../config/env'
import { deleteDraft, readDraft } from '../../../device/drafts'
import { draftFieldErrors } from '../check-draft'
import { announceDraftsChanged } from '../draft-events'
import { DRAFT_MESSAGES } from '../draft-messages'
import { sendDraftFromForm } from '../publish-outbox'
import { refusalOutcome } from '../refusal-outcome'

/**
 * Sends the outbox now, in this tab and under its one-tab lock, with the draft the form has just kept in it,
 * and says how the draft ended as the form's outcome. A listing published from the form needs no receipt on
 * the Profile. A refused one goes back to the form, and stays a draft only when it was one already
 * (`keepIfRefused`): a listing the person is creating online stays in the form, not on the device. Offline or
 * with the server in trouble (or another tab sending the outbox), it waits as a draft in the outbox.
 */
export async function sendDraft(
  id: string,
  userId: string,
  options: { keepIfRefused: boolean },
): Promise<PublishOutcome> {
  const { ran, publishedHere } = await sendDraftFromForm(id, userId)
  const found = await readDraft(id)
  const draft = found?.draft
  if (draft?.state === 'published') {
    if (publishedHere) await deleteDraft(id)
    return { status: 'published', listingId: id, type: draft.values.type, announce: publishedHere }
  }
  if (found && draft?.state === 'needs-attention') {
    const errors = draftFieldErrors(draft.values, found.photos, draft.reason, env.geocoding)
    if (!options.keepIfRefused) await deleteDraft(id)
    return refusalOutcome({ step: draft.progress.step, reason: draft.reason ?? '', errors })
  }
  announceDraftsChanged()
  return { status: 'kept', message: ran ? DRAFT_MESSAGES.saved : DRAFT_MESSAGES.savedOnline }
}
