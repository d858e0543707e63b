import { LISTING_MESSAGES } from '../../components/listing-form/listing-schema'
import type { Draft, DraftStore } from '../../device/drafts'
import { classifyFailure, OutboxFailure } from '../../lib/outbox/failure'
import { checkDraft } from './check-draft'
import { type DraftListingRow, draftListingRow } from './listing-row'

/** Everything the job needs from outside, injected so tests can drive each step and each failure. */
export type PublishPorts = {
  store: DraftStore
  /** Where the address is, or null when the geocoder finds nothing; throws OutboxFailure when unreachable. */
  geocode(address: string): Promise<{ lat: number; lng: number } | null>
  /** Uploads a photo to its fixed path, overwriting what is there. */
  upload(path: string, photo: Blob): Promise<void>
  /** Inserts the row by its id; a row already there is left as it is and is not an error. */
  insertListing(row: DraftListingRow): Promise<void>
  publicUrl(path: string): string
  /** False when coordinates are typed in instead of geocoded. */
  geocoding: boolean
  now(): number
}

/** 'published' when this run put the listing on the server; 'skipped' when there was nothing to do. */
export type PublishResult = 'published' | 'skipped'

/** A draft that disappeared (deleted) while the job ran: stop without writing. */
class DraftGone extends Error {}

/** A refusal of the draft itself (the form's rules, an address nobody knows): kept, as the server's would be. */
const refusal = (reason: string) => new OutboxFailure(reason, { status: 422, code: 'draft_refused' })

/**
 * Publishes one draft in order (the outbox's `listing.publish` handler): geocode → upload each photo to its
 * fixed path → insert the row by its id (ignoring a duplicate) → clear the draft. Each completed step is stored
 * first, so a later run resumes after it. A failure is shown on the draft (waiting again, or needing attention
 * with the reason) and thrown for the outbox, which decides as for every kind: retry with backoff, refresh
 * the session, or keep the refusal. Only the owner's drafts run; a draft gone or already published is done.
 */
export async function publishDraft(id: string, userId: string, ports: PublishPorts): Promise<PublishResult> {
  const { store } = ports
  const found = await store.get(id)
  if (!found || found.ownerId !== userId || found.state === 'published') return 'skipped'

  let draft: Draft = { ...found, state: 'publishing' }
  const save = async (patch: Partial<Draft>) => {
    draft = { ...draft, ...patch }
    if (!(await store.update(id, { ...patch, updatedAt: ports.now() }))) throw new DraftGone()
  }

  try {
    await save({ state: 'publishing', reason: null })

    // A draft may have been kept incomplete: it is checked by the form's rules before anything is sent.
    const photos = await store.photos(id)
    const read = checkDraft(draft.values, photos, ports.geocoding)
    if (!read.ok) throw refusal(read.reason)

    if (draft.progress.step === 'geocode') {
      const coordinates = read.listing.coordinates ?? (await ports.geocode(read.listing.location))
      if (!coordinates) throw refusal(LISTING_MESSAGES.addressNotFound)
      await save({ coordinates, progress: { ...draft.progress, step: 'upload' } })
    }

    if (draft.progress.step === 'upload') {
      for (const photo of photos) {
        if (photo.uploaded) continue
        await ports.upload(photo.path, photo.blob)
        if (!(await store.markUploaded(id, photo.index))) throw new DraftGone()
      }
      await save({
        progress: { step: 'insert', uploaded: photos.length, total: photos.length },
      })
    }

    if (draft.progress.step === 'insert') {
      const coordinates = draft.coordinates
      if (!coordinates) throw new OutboxFailure('The draft lost its place', { status: 500 })
      const paths = photos.map((photo) => photo.path)
      const row = draftListingRow(id, read.listing, coordinates, paths.map(ports.publicUrl))
      await ports.insertListing(row)
      await save({ progress: { ...draft.progress, step: 'clear' } })
    }

    if (!(await store.finish(id, ports.now()))) throw new DraftGone()
    return 'published'
  } catch (error) {
    if (error instanceof DraftGone) return 'skipped'
    const action = classifyFailure(error)
    // Refused: it waits for its owner, editable, with the reason. Otherwise (offline, server trouble, a
    // session to refresh) nothing is lost: it waits to be tried again.
    await store.update(
      id,
      action.kind === 'refused'
        ? { state: 'needs-attention', reason: action.reason, updatedAt: ports.now() }
        : { state: 'waiting', updatedAt: ports.now() },
    )
    throw error
  }
}
