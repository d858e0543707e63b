import type { Draft, DraftPhoto, DraftValues, RoostDb } from '../../../lib/local-db'
import { META } from '../../../lib/local-meta'
import { DRAFT_MESSAGES } from './draft-messages'

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

export function dexieDraftStore(db: RoostDb): DraftStore {
  return {
    get: (id) => db.drafts.get(id),
    photos: (id) => db.draftPhotos.where('draftId').equals(id).sortBy('index'),
    update: async (id, patch) => (await db.drafts.update(id, patch)) > 0,
    markUploaded: (id, index) =>
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
    finish: (id, now) =>
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
  }
}

export type NewDraft = {
  id: string
  ownerId: string
  values: DraftValues
  /** Photos already shrunk, in order (the first is the cover). */
  photos: { name: string; blob: Blob }[]
}

/**
 * Keeps a listing as a draft to publish (new, or a draft changed by its owner): it waits to be sent from the
 * first step again. A draft on its way to the server, or already on it, is not changed (returns the reason).
 */
export function saveDraft(db: RoostDb, draft: NewDraft, now: number): Promise<string | null> {
  return db.transaction('rw', db.drafts, db.draftPhotos, async () => {
    const existing = await db.drafts.get(draft.id)
    if (existing && existing.ownerId !== draft.ownerId) return DRAFT_MESSAGES.notYours
    if (existing?.state === 'publishing') return DRAFT_MESSAGES.publishing
    if (existing?.state === 'published') return DRAFT_MESSAGES.published
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
      attempts: 0,
      nextAttemptAt: 0,
      updatedAt: now,
    })
    return null
  })
}

/** Forgets a draft and its photos. */
export function deleteDraft(db: RoostDb, id: string): Promise<void> {
  return db.transaction('rw', db.drafts, db.draftPhotos, async () => {
    await db.draftPhotos.where('draftId').equals(id).delete()
    await db.drafts.delete(id)
  })
}

/** Lets a waiting or refused draft be tried at once (the 'Publish now' / 'Retry' action). */
export async function publishSoon(db: RoostDb, id: string, now: number): Promise<void> {
  await db.drafts
    .where('id')
    .equals(id)
    .filter((draft) => draft.state === 'waiting' || draft.state === 'needs-attention')
    .modify({ state: 'waiting', reason: null, nextAttemptAt: 0, updatedAt: now })
}

/** The owner's drafts the job should look at now: publishing ones (resumed) and waiting ones that are due. */
export async function dueDrafts(db: RoostDb, ownerId: string, now: number): Promise<Draft[]> {
  const drafts = await db.drafts.where('ownerId').equals(ownerId).sortBy('updatedAt')
  return drafts.filter(
    (draft) => draft.state === 'publishing' || (draft.state === 'waiting' && draft.nextAttemptAt <= now),
  )
}

/** When the owner's next waiting draft is due, or null when none waits. */
export async function nextDueAt(db: RoostDb, ownerId: string): Promise<number | null> {
  const waiting = await db.drafts
    .where('ownerId')
    .equals(ownerId)
    .filter((draft) => draft.state === 'waiting')
    .toArray()
  return waiting.length === 0 ? null : Math.min(...waiting.map((draft) => draft.nextAttemptAt))
}

/** How long a published draft stays on the Profile as a receipt before it is forgotten. */
export const PUBLISHED_KEPT_MS = 86_400_000

/** Forgets the owner's published drafts older than a day (their photos went with the publish). */
export function prunePublished(db: RoostDb, ownerId: string, now: number): Promise<number> {
  return db.drafts
    .where('ownerId')
    .equals(ownerId)
    .filter((draft) => draft.state === 'published' && draft.updatedAt < now - PUBLISHED_KEPT_MS)
    .delete()
}

/** Asks once that the browser keep this site's data under storage pressure (drafts live only here). */
export async function requestPersistentStorage(db: RoostDb): Promise<void> {
  if (await db.meta.get(META.persistRequested)) return
  await db.meta.put({ key: META.persistRequested, value: Date.now() })
  await globalThis.navigator?.storage?.persist?.().catch(() => false)
}
