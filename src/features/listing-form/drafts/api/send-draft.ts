import { env } from '@/config/env'
import { type DraftStep, deleteDraft, readDraft } from '@/device/drafts'
import type { ListingField } from '../../listing-schema'
import { draftFieldErrors } from '../check-draft'
import { announceDraftsChanged } from '../draft-events'
import { inOneTab } from '../one-tab'
import { type PublishResult, publishDraft } from '../publish-job'
import { draftPorts } from './draft-ports'

/** How sending a draft from the form ended. */
export type SendOutcome =
  /** On the server; `here` is false when the background publisher (which says so itself) got there first. */
  | { status: 'published'; here: boolean }
  /** Kept on the device, waiting for the connection or the server to come back. */
  | { status: 'waiting' }
  /** Another tab is sending drafts (no Web Locks): it will send this one too. */
  | { status: 'queued' }
  /** The server or the form's rules refused it at `step`; the draft is kept, needing attention. */
  | {
      status: 'refused'
      step: DraftStep
      reason: string
      /** The messages that belong beside a field (e.g. an address the geocoder did not find). */
      errors: Partial<Record<ListingField, string>>
    }

/**
 * Runs the draft's publish job now, in this tab and under the same one-tab lock as the background publisher,
 * then reads where the draft ended up. A listing published from the form needs no receipt on the Profile, and
 * a refused one is kept as a draft only when it was one already (`keepIfRefused`): a listing the person is
 * creating online stays in the form, not on the device.
 */
export async function sendDraft(
  id: string,
  userId: string,
  options: { keepIfRefused: boolean },
): Promise<SendOutcome> {
  const ports = await draftPorts()
  let result = 'skipped' as PublishResult
  const ran = await inOneTab(async () => {
    result = await publishDraft(id, userId, ports, { force: true })
  })
  const found = await readDraft(id)
  const draft = found?.draft
  if (draft?.state === 'published') {
    if (result === 'published') await deleteDraft(id)
    return { status: 'published', here: result === 'published' }
  }
  if (found && draft?.state === 'needs-attention') {
    const errors = draftFieldErrors(draft.values, found.photos, draft.reason, env.geocoding)
    if (!options.keepIfRefused) await deleteDraft(id)
    return { status: 'refused', step: draft.progress.step, reason: draft.reason ?? '', errors }
  }
  // Waiting (offline, server trouble) or held by another tab: the background publisher takes it from here.
  announceDraftsChanged()
  return ran ? { status: 'waiting' } : { status: 'queued' }
}
