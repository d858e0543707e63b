import type { Draft, DraftStore } from '@/device/drafts'
import { backoffDelay, classifyFailure, OutboxFailure } from '@/lib/outbox/failure'
import { LISTING_MESSAGES } from '../listing-schema'
import { type DraftListingRow, draftListingRow } from '../listing-shapes'
import { checkDraft } from './check-draft'

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
  /** The signed-in user's id with a fresh session (force: refresh even if it looks valid); null when signed out. */
  refreshSession(force: boolean): Promise<string | null>
  /** False when coordinates are typed in instead of geocoded. */
  geocoding: boolean
  now(): number
  random(): number
}

export type PublishResult = 'published' | 'skipped' | 'waiting' | 'needs-attention'

/** A draft that disappeared (deleted) or changed hands while the job ran: stop without writing. */
class DraftGone extends Error {}

/**
 * Publishes one draft in order: geocode → upload each photo to its fixed path → insert the row by its id
 * (ignoring a duplicate) → clear the draft. Each completed step is stored first, so a restart resumes after it.
 * Network errors, 5xx and 429 wait with backoff; a 401 refreshes the session once and retries; any other
 * refusal leaves the draft needing attention with the server's reason. Only the owner's drafts run.
 */
export async function publishDraft(
  id: string,
  userId: string,
  ports: PublishPorts,
  options: { force?: boolean } = {},
): Promise<PublishResult> {
  const { store } = ports
  const found = await store.get(id)
  if (!found || found.ownerId !== userId) return 'skipped'
  if (found.state === 'published' || found.state === 'needs-attention') return 'skipped'
  if (found.state === 'waiting' && found.nextAttemptAt > ports.now() && !options.force) return 'skipped'

  let draft: Draft = { ...found, state: 'publishing', attempts: found.attempts + 1 }
  const save = async (patch: Partial<Draft>) => {
    draft = { ...draft, ...patch }
    if (!(await store.update(id, { ...patch, updatedAt: ports.now() }))) throw new DraftGone()
  }

  let refreshed = false
  const withSession = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (refreshed || classifyFailure(error).kind !== 'refresh') throw error
      refreshed = true
      const owner = await ports.refreshSession(true)
      if (owner !== userId) throw new DraftGone()
      return work()
    }
  }

  try {
    const owner = await ports.refreshSession(false)
    if (owner !== userId) return 'skipped'
    await save({ state: 'publishing', attempts: draft.attempts, reason: null })

    // A draft may have been kept incomplete: it is checked by the form's rules before anything is sent.
    const photos = await store.photos(id)
    const read = checkDraft(draft.values, photos, ports.geocoding)
    if (!read.ok) {
      await save({ state: 'needs-attention', reason: read.reason })
      return 'needs-attention'
    }

    if (draft.progress.step === 'geocode') {
      const coordinates =
        read.listing.coordinates ?? (await withSession(() => ports.geocode(read.listing.location)))
      if (!coordinates) {
        await save({ state: 'needs-attention', reason: LISTING_MESSAGES.addressNotFound })
        return 'needs-attention'
      }
      await save({ coordinates, progress: { ...draft.progress, step: 'upload' } })
    }

    if (draft.progress.step === 'upload') {
      for (const photo of photos) {
        if (photo.uploaded) continue
        await withSession(() => ports.upload(photo.path, photo.blob))
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
      await withSession(() => ports.insertListing(row))
      await save({ progress: { ...draft.progress, step: 'clear' } })
    }

    if (!(await store.finish(id, ports.now()))) throw new DraftGone()
    return 'published'
  } catch (error) {
    if (error instanceof DraftGone) return 'skipped'
    const action = classifyFailure(error)
    if (action.kind === 'refused') {
      await store.update(id, { state: 'needs-attention', reason: action.reason, updatedAt: ports.now() })
      return 'needs-attention'
    }
    // Offline, server trouble, or a session that could not be refreshed: nothing is lost, try again later.
    await store.update(id, {
      state: 'waiting',
      attempts: draft.attempts,
      nextAttemptAt: ports.now() + backoffDelay(draft.attempts, ports.random()),
      updatedAt: ports.now(),
    })
    return 'waiting'
  }
}
