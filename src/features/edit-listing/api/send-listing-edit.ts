import { LISTING_MESSAGES } from '../../../components/listing-form/listing-schema'
import { forgetEditPhotos, type ListingEditEntry, readEditToSend } from '../../../device/listing-edits'
import { mirrorListings } from '../../../device/listings'
import { changeNextOfThing, outboxStore } from '../../../device/outbox'
import { geocodeAddress } from '../../../lib/geocode-address'
import { listingPhotoUrl, removeListingPhotos, uploadListingPhoto } from '../../../lib/listing-photos'
import { OutboxFailure, toOutboxFailure } from '../../../lib/outbox/failure'
import { registerOutboxKinds, runOutbox } from '../../../lib/outbox/runner'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import { EDIT_REFUSALS, LISTING_EDIT_KIND, type ListingEditPayload } from '../../../types/listing-edit'
import { editFieldsOf } from '../../../utils/listing-fields'
import { storagePathsFromUrls } from '../../../utils/listing-image-paths'
import { imageUrlsOf, isApplied, isUnchangedSince, type ServerListing } from '../edit-rules'

// The outbox kind `listing.edit`: an edit of a published listing, made possibly offline, sent once. Its new
// photos are uploaded first (each to a fixed path, so a retry overwrites), then the row is updated with the
// version the edit started from, then the photos the row no longer uses are removed from Storage.

/** The listing as the server holds it now, or null when it is gone (or not the caller's to see). */
export async function readServerListing(
  listingId: string,
): Promise<(ServerListing & { listing: Listing }) | null> {
  const supabase = await getSupabase()
  const { data, error, status } = await supabase
    .from('listings')
    .select(LISTING_COLUMNS)
    .eq('id', listingId)
    .maybeSingle()
  if (error) throw toOutboxFailure(error, status)
  const listing = data === null ? undefined : parseListingRows([data])[0]
  if (!listing) return null
  return {
    listing,
    fields: editFieldsOf(listing),
    imageUrls: listing.imageUrls,
    version: listing.version ?? 1,
  }
}

const isConflict = (error: { message?: string }) => error.message?.includes(EDIT_REFUSALS.conflict) === true

/** The edit's refusal as the outbox keeps it: the reason names what happened, for the edit screen to show. */
const refusal = (reason: string, status: number) => new OutboxFailure(reason, { status, code: reason })

async function afterUpdate(
  entry: ListingEditEntry,
  edit: ListingEditPayload,
  row: Listing,
  publicUrl: (path: string) => string,
) {
  await mirrorListings([row])
  // The next edit of this listing started from this one: it now starts from what the server holds.
  if (entry.seq !== undefined) {
    await changeNextOfThing(entry.userId, entry.thing, entry.seq, (next) => {
      if (next.kind !== LISTING_EDIT_KIND || !next.payload.chained || row.version === undefined) return next
      const payload: ListingEditPayload = {
        ...next.payload,
        chained: false,
        version: row.version,
        base: editFieldsOf(row),
        basePhotos: row.imageUrls,
        // Photos this one added are on the server now: the next one may drop them, and then removes them.
        knownUrls: [...new Set([...next.payload.knownUrls, ...row.imageUrls])],
      }
      return { ...next, payload }
    })
  }
  const newPhotos = (edit.photos ?? []).flatMap((photo) => ('photoId' in photo ? [photo] : []))
  await forgetEditPhotos(newPhotos.map((photo) => photo.photoId))
  // Photos the row no longer uses are only storage now; failing to remove one costs the person nothing.
  const kept = new Set(row.imageUrls)
  const unused = [...edit.knownUrls, ...newPhotos.map((photo) => publicUrl(photo.path))].filter(
    (url) => !kept.has(url),
  )
  await removeListingPhotos(storagePathsFromUrls([...new Set(unused)])).catch(() => undefined)
}

/** Sends one queued edit (the outbox's handler); throws an OutboxFailure the outbox classifies. */
export async function sendListingEdit(entry: ListingEditEntry): Promise<void> {
  // Read afresh: an earlier edit of the listing, sent in this run, may have moved this one's version on.
  const { edit, blobs } = await readEditToSend(entry)
  const supabase = await getSupabase()
  const publicUrl = await listingPhotoUrl()

  let version = edit.version
  if (edit.chained) {
    // The edit it followed is gone without being sent: it goes on only if the listing is still as it started.
    const server = await readServerListing(edit.listingId)
    if (!server) throw refusal(EDIT_REFUSALS.deleted, 404)
    if (!isUnchangedSince(edit, server)) throw refusal(EDIT_REFUSALS.conflict, 409)
    version = server.version
  }

  for (const photo of edit.photos ?? []) {
    if (!('photoId' in photo)) continue
    const blob = blobs.get(photo.photoId)
    // No blob: uploaded by an earlier try whose answer was lost, or by an earlier edit (same fixed path).
    if (!blob) continue
    try {
      await uploadListingPhoto(photo.path, blob)
    } catch (error) {
      throw toOutboxFailure(error)
    }
  }

  let changes = edit.changes
  if (edit.locate && changes.location !== undefined) {
    // The address changed offline: its place is looked up now (a geocoder out of reach waits as offline).
    const place = await geocodeAddress(changes.location).catch((error: unknown) => {
      throw toOutboxFailure(error)
    })
    if (!place) throw refusal(LISTING_MESSAGES.addressNotFound, 422)
    changes = { ...changes, latitude: place.lat, longitude: place.lng }
  }

  const { latitude, longitude, ...fields } = changes
  const row = {
    ...fields,
    // The place goes with the address it was looked up for; one still unknown is not sent.
    ...(latitude != null && longitude != null ? { latitude, longitude } : {}),
    ...(edit.photos ? { image_urls: imageUrlsOf(edit.photos, publicUrl) } : {}),
    version,
  }
  const { data, error, status } = await supabase
    .from('listings')
    .update(row)
    .eq('id', edit.listingId)
    .select(LISTING_COLUMNS)
  if (error) {
    if (!isConflict(error)) throw toOutboxFailure(error, status)
    // Sent before, its answer lost? Then the server already holds it: taken once, not a conflict.
    const server = await readServerListing(edit.listingId)
    if (!server) throw refusal(EDIT_REFUSALS.deleted, 404)
    if (!isApplied(edit, server, publicUrl)) throw refusal(EDIT_REFUSALS.conflict, 409)
    await afterUpdate(entry, edit, server.listing, publicUrl)
    return
  }
  const updated = parseListingRows(data)[0]
  if (!updated) throw refusal(EDIT_REFUSALS.deleted, 404)
  await afterUpdate(entry, edit, updated, publicUrl)
}

registerOutboxKinds({ [LISTING_EDIT_KIND]: sendListingEdit })

/** Sends the queued writes (listing edits among them), one tab at a time. */
export function sendQueuedEdits(userId: string) {
  return runOutbox(userId, outboxStore())
}
