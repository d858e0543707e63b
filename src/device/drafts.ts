import type { Draft, DraftPhoto, DraftState, DraftStep, DraftValues } from '../lib/local-db'
import { getLocalDb, type RoostDb, useLocalQuery } from '../lib/local-db-access'
import { listingThing } from '../types/listing-edit'
import { LISTING_PUBLISH_KIND, type ListingPublishPayload } from '../types/listing-publish'
import { dropThing, enqueue, type NewOutboxEntry, sendSoon } from './outbox'

// Owner of the `drafts` table (listings kept on this device until they are published) and `draftPhotos`
// (their shrunk photos, as Blobs, kept apart so state updates never rewrite them). Publishing a draft is an
// outbox entry (kind `listing.publish`), queued, re-queued and dropped here together with the draft.

export type { Draft, DraftPhoto, DraftState, DraftStep, DraftValues }

/** Where a draft's photo is uploaded: fixed by owner, listing and position, so uploading it again overwrites it. */
export function draftPhotoPath(userId: string, listingId: string, index: number): string {
  return `${userId}/${listingId}/${index}.jpg`
}

/** What the publish job reads and writes of a draft; every write is kept before the next step starts. */
export type DraftStore = {
  get(id: string): Promise<Draft | undefined>
  photos(id: string): Promise<DraftPhoto[]>
  /** Saves part of a draft; false when the draft is gone (deleted meanwhile). */
  update(id: string, patch: Partial<Omit<Draft, 'id' | 'ownerId'>>): Promise<boolean>
  /** Marks one photo uploaded and counts it in the draft's progress. */
  markUploaded(id: string, index: number): Promise<boolean>
  /** The listing is on the server: drop the photos, keep the draft as published. */
  finish(id: string, now: number): Promise<boolean>
}

const photosOf = (db: RoostDb, id: string) => db.draftPhotos.where('draftId').equals(id).sortBy('index')

/** The drafts on this device, as the publish job works on them. */
export function draftStore(): DraftStore {
  const run = async <T>(work: (db: RoostDb) => Promise<T>) => work(await getLocalDb())
  return {
    get: (id) => run((db) => db.drafts.get(id)),
    photos: (id) => run((db) => photosOf(db, id)),
    update: (id, patch) => run(async (db) => (await db.drafts.update(id, patch)) > 0),
    markUploaded: (id, index) =>
      run((db) =>
        db.transaction('rw', db.drafts, db.draftPhotos, async () => {
          const draft = await db.drafts.get(id)
          if (!draft) return false
          await db.draftPhotos.update([id, index], { uploaded: true })
          const uploaded = await db.draftPhotos
            .where('draftId')
            .equals(id)
            .filter((photo) => photo.uploaded)
            .count()
          await db.drafts.update(id, { progress: { ...draft.progress, uploaded } })
          return true
        }),
      ),
    finish: (id, now) =>
      run((db) =>
        db.transaction('rw', db.drafts, db.draftPhotos, async () => {
          await db.draftPhotos.where('draftId').equals(id).delete()
          const changed = await db.drafts.update(id, {
            state: 'published',
            reason: null,
            progress: { step: 'clear', uploaded: 0, total: 0 },
            updatedAt: now,
          })
          return changed > 0
        }),
      ),
  }
}

export type NewDraft = {
  id: string
  ownerId: string
  values: DraftValues
  /** Photos already shrunk, in order (the first is the cover). */
  photos: { name: string; blob: Blob }[]
}

/** Why a draft was not saved: another account's, on its way to the server, or already on it. */
export type DraftNotSaved = 'not-yours' | 'publishing' | 'published'

/** The outbox entry that publishes a draft. */
const publishEntry = (id: string, ownerId: string): NewOutboxEntry => {
  const payload: ListingPublishPayload = { draftId: id }
  return { userId: ownerId, kind: LISTING_PUBLISH_KIND, thing: listingThing(id), payload }
}

/**
 * Keeps a listing as a draft to publish (new, or a draft changed by its owner) and queues its publishing in
 * the outbox, together or not at all: it waits to be sent from the first step again, at once. A draft on its
 * way to the server, or already on it, is not changed (returns why).
 */
export async function saveDraft(draft: NewDraft, now: number): Promise<DraftNotSaved | null> {
  const db = await getLocalDb()
  return db.transaction('rw', db.drafts, db.draftPhotos, db.outbox, async () => {
    const existing = await db.drafts.get(draft.id)
    if (existing && existing.ownerId !== draft.ownerId) return 'not-yours'
    if (existing?.state === 'publishing') return 'publishing'
    if (existing?.state === 'published') return 'published'
    await db.draftPhotos.where('draftId').equals(draft.id).delete()
    await db.draftPhotos.bulkAdd(
      draft.photos.map(
        (photo, index): DraftPhoto => ({
          draftId: draft.id,
          index,
          name: photo.name,
          blob: photo.blob,
          path: draftPhotoPath(draft.ownerId, draft.id, index),
          uploaded: false,
        }),
      ),
    )
    await db.drafts.put({
      id: draft.id,
      ownerId: draft.ownerId,
      values: draft.values,
      state: 'waiting',
      progress: { step: 'geocode', uploaded: 0, total: draft.photos.length },
      coordinates: null,
      reason: null,
      updatedAt: now,
    })
    // One publishing per draft: a draft saved again replaces the one queued (waiting or refused).
    await dropThing(db, draft.ownerId, listingThing(draft.id), LISTING_PUBLISH_KIND)
    await enqueue(db, publishEntry(draft.id, draft.ownerId))
    return null
  })
}

/** A draft and its photos, in order; null when there is none. */
export async function readDraft(id: string): Promise<{ draft: Draft; photos: DraftPhoto[] } | null> {
  const db = await getLocalDb()
  const draft = await db.drafts.get(id)
  return draft ? { draft, photos: await photosOf(db, id) } : null
}

/** Forgets a draft, its photos and its queued publishing. */
export async function deleteDraft(id: string): Promise<void> {
  const db = await getLocalDb()
  await db.transaction('rw', db.drafts, db.draftPhotos, db.outbox, async () => {
    const draft = await db.drafts.get(id)
    await db.draftPhotos.where('draftId').equals(id).delete()
    await db.drafts.delete(id)
    if (draft) await dropThing(db, draft.ownerId, listingThing(id), LISTING_PUBLISH_KIND)
  })
}

/** Lets a waiting or refused draft be tried at once (the 'Publish now' / 'Retry' action): its publishing is due now. */
export async function publishSoon(id: string, now: number): Promise<void> {
  const db = await getLocalDb()
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    const draft = await db.drafts.get(id)
    if (draft?.state !== 'waiting' && draft?.state !== 'needs-attention') return
    await db.drafts.update(id, { state: 'waiting', reason: null, updatedAt: now })
    await sendSoon(db, publishEntry(id, draft.ownerId))
  })
}

/** How long a published draft stays on the Profile as a receipt before it is forgotten. */
export const PUBLISHED_KEPT_MS = 86_400_000

/** Forgets the owner's published drafts older than a day (their photos went with the publish). */
export async function prunePublished(ownerId: string, now: number): Promise<number> {
  const db = await getLocalDb()
  return db.drafts
    .where('ownerId')
    .equals(ownerId)
    .filter((draft) => draft.state === 'published' && draft.updatedAt < now - PUBLISHED_KEPT_MS)
    .delete()
}

const byOwner = (db: RoostDb, ownerId: string) => db.drafts.where('ownerId').equals(ownerId)

/** The owner's drafts, most recently changed first, kept live. */
export function useDrafts(ownerId: string): Draft[] {
  return useLocalQuery(`drafts:${ownerId}`, (db) => byOwner(db, ownerId).reverse().sortBy('updatedAt'), [])
}

/** One draft, kept live (its progress while it publishes); undefined when there is none. */
export function useDraft(id: string): Draft | undefined {
  return useLocalQuery(`draft:${id}`, (db) => db.drafts.get(id), undefined as Draft | undefined)
}

/** How many of the owner's drafts are not yet on the server, kept live (counted ahead, so Logout answers at once). */
export function useUnsentDraftCount(ownerId: string): number {
  return useLocalQuery(
    `unsent-drafts:${ownerId}`,
    (db) =>
      byOwner(db, ownerId)
        .filter((draft) => draft.state !== 'published')
        .count(),
    0,
  )
}

/** Ids of the owner's drafts that reached the server, kept live: a screen listing the owner's listings refreshes when one does. */
export function usePublishedDraftIds(ownerId: string): string {
  return useLocalQuery(
    `published-drafts:${ownerId}`,
    async (db) =>
      (
        await byOwner(db, ownerId)
          .filter((draft) => draft.state === 'published')
          .primaryKeys()
      ).join(','),
    '',
  )
}
