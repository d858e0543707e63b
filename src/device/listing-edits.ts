import type { ListingEditPhoto } from '../lib/local-db'
import { type RoostDb, withLocalDb } from '../lib/local-db-access'
import type { Listing } from '../types/listing'
import {
  afterEdits,
  changedFields,
  type EditFields,
  type EditPhoto,
  LISTING_EDIT_KIND,
  type ListingEditPayload,
  listingThing,
  photoUrls,
} from '../types/listing-edit'
import { editFieldsOf } from '../utils/listing-fields'
import {
  dropWrites,
  enqueue,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxEntryOf,
  writeOf,
} from './outbox'

// Owner of `listingEditPhotos`: the photos added to published listings in edits, kept until the edit that
// carries them uploads them. The edits themselves are outbox entries (kind `listing.edit`, one thing per
// listing), queued and dropped here together with their photos.

/** A new photo of an edit: shrunk, with the fixed Storage path it is uploaded to. */
export type NewEditPhoto = ListingEditPhoto

/** Where an edit's new photo is uploaded: the owner's folder, the listing's, and the photo's own id. */
export function editPhotoPath(userId: string, listingId: string, photoId: string): string {
  return `${userId}/${listingId}/${photoId}.jpg`
}

/** An edit's new photo as kept on the device, or null once uploaded (or never kept here). */
export function editPhotoBlob(photoId: string): Promise<Blob | null> {
  return withLocalDb(async (db) => (await db.listingEditPhotos.get(photoId))?.blob ?? null, null)
}

/** The ids of the photos an edit adds (kept on the device until it is sent). */
const newPhotoIds = (edit: ListingEditPayload) =>
  (edit.photos ?? []).flatMap((photo) => ('photoId' in photo ? [photo.photoId] : []))

/**
 * An edit as it is queued now (an earlier edit of the listing, sent in this run, may have moved it on) and the
 * Blobs of its new photos still on the device (one uploaded already has none), read together for the sender.
 */
export function readEditToSend(
  entry: ListingEditEntry,
): Promise<{ edit: ListingEditPayload; blobs: Map<string, Blob> }> {
  const read = { edit: entry.payload, blobs: new Map<string, Blob>() }
  return withLocalDb(
    (db) =>
      db.transaction('r', db.outbox, db.listingEditPhotos, async () => {
        const now = entry.seq === undefined ? undefined : await writeOf(db, entry.seq)
        const edit = now?.kind === LISTING_EDIT_KIND ? now.payload : entry.payload
        const photos = await db.listingEditPhotos.bulkGet(newPhotoIds(edit))
        return {
          edit,
          blobs: new Map(photos.flatMap((photo) => (photo ? [[photo.photoId, photo.blob]] : []))),
        }
      }),
    read,
  )
}

/** Forgets an edit's new photos (uploaded, or the edit given up). */
export function forgetEditPhotos(photoIds: readonly string[]): Promise<void> {
  return withLocalDb((db) => db.listingEditPhotos.bulkDelete([...photoIds]), undefined)
}

/** A queued edit of a published listing, as the outbox keeps it. */
export type ListingEditEntry = OutboxEntryOf<typeof LISTING_EDIT_KIND>

/** The queued edits of one listing, oldest first. */
export function editsOf(entries: readonly OutboxEntry[], listingId: string): ListingEditEntry[] {
  const thing = listingThing(listingId)
  return entries.flatMap((entry) =>
    entry.kind === LISTING_EDIT_KIND && entry.thing === thing ? [entry] : [],
  )
}

/** What the person sees of a listing while edits wait: the device's copy with the edits laid over it in order. */
export function pendingView(listing: Listing, edits: readonly ListingEditEntry[]) {
  return afterEdits(
    { fields: editFieldsOf(listing), imageUrls: listing.imageUrls },
    edits.map((entry) => entry.payload),
  )
}

/**
 * Queues an edit of a listing the device holds (`seen`, as last read from the server) from the fields and
 * photos the person ended with. It starts from what they saw: the device's copy with the edits still
 * queued laid over it, so it follows them (chained) and is not refused by them. Returns false when nothing
 * changed or the device could not keep it.
 */
export async function queueListingEdit(input: {
  userId: string
  seen: Listing
  queued: readonly ListingEditEntry[]
  fields: EditFields
  /** The photos in their new order, or null when they were not touched. */
  photos: EditPhoto[] | null
  newPhotos: readonly NewEditPhoto[]
  /** The address changed and could not be looked up here (offline): the sender looks it up. */
  locate: boolean
}): Promise<boolean> {
  const { seen, queued } = input
  // A copy kept before listings had versions cannot say what the edit started from.
  if (seen.version === undefined) return false
  const start = pendingView(seen, queued)
  const changes = changedFields(start.fields, input.fields)
  const photos =
    input.photos && JSON.stringify(input.photos) !== JSON.stringify(start.photos) ? input.photos : null
  if (Object.keys(changes).length === 0 && photos === null) return false
  const payload: ListingEditPayload = {
    listingId: seen.id,
    version: seen.version,
    chained: queued.length > 0,
    base: start.fields,
    basePhotos: photoUrls(start.photos),
    changes,
    photos,
    locate: input.locate && 'location' in changes,
    knownUrls: photoUrls(start.photos),
  }
  const entry: NewOutboxEntry = {
    userId: input.userId,
    kind: LISTING_EDIT_KIND,
    thing: listingThing(seen.id),
    payload,
  }
  // The photos and the edit that carries them are kept together or not at all.
  return withLocalDb(async (db: RoostDb) => {
    await db.transaction('rw', db.listingEditPhotos, db.outbox, async () => {
      await db.listingEditPhotos.bulkPut([...input.newPhotos])
      await enqueue(db, entry)
    })
    return true
  }, false)
}

/** Gives up queued edits (the person chose to): their entries and the new photos only they carried. */
export function dropEdits(entries: readonly ListingEditEntry[]): Promise<void> {
  return withLocalDb(async (db) => {
    await db.transaction('rw', db.listingEditPhotos, db.outbox, async () => {
      await dropWrites(
        db,
        entries.flatMap((entry) => (entry.seq === undefined ? [] : [entry.seq])),
      )
      await db.listingEditPhotos.bulkDelete(entries.flatMap((entry) => newPhotoIds(entry.payload)))
    })
  }, undefined)
}
