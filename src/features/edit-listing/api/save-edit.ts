import { factRefusal } from '../../../components/listing-form/fact-refusals'
import { LISTING_MESSAGES, type ListingDraft } from '../../../components/listing-form/listing-schema'
import { PUBLISH_MESSAGES, type PublishOutcome } from '../../../components/listing-form/publish-outcome'
import { env } from '../../../config/env'
import {
  dropEdits,
  editsOf,
  type ListingEditEntry,
  type NewEditPhoto,
  queueListingEdit,
} from '../../../device/listing-edits'
import { outboxStore } from '../../../device/outbox'
import { geocodeAddress } from '../../../lib/geocode-address'
import type { Listing } from '../../../types/listing'
import type { EditPhoto } from '../../../types/listing-edit'
import type { ListingStatus } from '../../../types/listing-status'
import { statusForType } from '../../../types/listing-status'
import { editFieldsOfForm } from '../../../utils/listing-fields'
import { monthlyRentPaid } from '../../../utils/property-facts'
import { EDIT_MESSAGES } from '../edit-messages'

type Coordinates = { lat: number; lng: number }

/**
 * The listing's place: typed in, kept when the address did not change, looked up online, or (offline) left for
 * the sender to look up. Null when the address is not found.
 */
async function locate(
  draft: ListingDraft,
  before: { location: string; coordinates: Coordinates | null },
): Promise<{ coordinates: Coordinates | null; later: boolean } | PublishOutcome> {
  if (draft.coordinates) return { coordinates: draft.coordinates, later: false }
  if (before.location === draft.location) return { coordinates: before.coordinates, later: false }
  if (!env.geocoding) return { status: 'invalid', errors: { address: LISTING_MESSAGES.addressNotFound } }
  if (!navigator.onLine) return { coordinates: before.coordinates, later: true }
  try {
    const found = await geocodeAddress(draft.location)
    return found
      ? { coordinates: found, later: false }
      : { status: 'invalid', errors: { address: LISTING_MESSAGES.addressNotFound } }
  } catch {
    return { coordinates: before.coordinates, later: true }
  }
}

/** What the edit screen hands over when the person saves. */
export type EditToSave = {
  userId: string
  /** The listing as last read (from the server online, from the device offline). */
  seen: Listing
  /** The listing's edits still queued when the screen opened (the form starts from them). */
  queued: readonly ListingEditEntry[]
  draft: ListingDraft
  status: ListingStatus
  photos: EditPhoto[] | null
  newPhotos: readonly NewEditPhoto[]
  /** The address and place the form started from. */
  before: { location: string; coordinates: Coordinates | null }
}

/**
 * Saves an edit through the outbox: kept on the device first, then (online) sent at once. It ends published
 * when the server took it, `kept` (Waiting to sync) when it waits for the connection, or `refused` when the
 * server refused it: the screen then shows why from the outbox (a stale version, a listing deleted elsewhere).
 */
export async function saveEdit(edit: EditToSave): Promise<PublishOutcome | { status: 'refused' }> {
  const place = await locate(edit.draft, edit.before)
  if ('status' in place) return place
  const fields = editFieldsOfForm(edit.draft, place.coordinates, statusForType(edit.status, edit.draft.type))
  const queued = await queueListingEdit({
    userId: edit.userId,
    seen: edit.seen,
    queued: edit.queued,
    fields,
    photos: edit.photos,
    newPhotos: edit.newPhotos,
    locate: place.later,
  })
  const done: PublishOutcome = { status: 'published', listingId: edit.seen.id, type: edit.draft.type }
  if (!queued) {
    // Nothing changed (or the device could not keep it): nothing to send.
    return edit.seen.version === undefined ? { status: 'failed', message: PUBLISH_MESSAGES.notSaved } : done
  }
  if (!navigator.onLine) return { status: 'kept', message: EDIT_MESSAGES.waiting }
  const { sendQueuedEdits } = await import('./send-listing-edit')
  await sendQueuedEdits(edit.userId)
  const left = editsOf(await outboxStore().pending(edit.userId), edit.seen.id)
  if (left.length === 0) return done
  const refused = left.find((entry) => entry.state === 'refused')
  // A fact the database refused goes back beside its field, with everything as typed; the edit is not kept.
  const fact = refused?.reason
    ? factRefusal(refused.reason, edit.draft.type === 'rent' ? monthlyRentPaid(edit.draft) : null)
    : null
  if (refused && fact && left.length === 1) {
    await dropEdits([refused])
    return { status: 'invalid', errors: { [fact.field]: fact.message } }
  }
  if (refused) return { status: 'refused' }
  return { status: 'kept', message: EDIT_MESSAGES.waiting }
}
