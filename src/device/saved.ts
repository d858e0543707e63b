import type { SavedOp } from '../lib/local-db'
import { useLocalQuery, withLocalDb } from '../lib/local-db-access'
import type { Listing } from '../types/listing'
import { keepListing, readListings } from './listings'
import { META, readMeta, writeMeta } from './meta'
import { planSavedSync } from './saved-sync-plan'

// Owner of the `saved` table (homes saved on this device) and `savedOps` (saves and unsaves waiting to reach
// a signed-in user's account on the server).

export type { SavedOp }

/**
 * Saves or unsaves a home on this device, and queues the change for the server when someone is signed in.
 * Returns whether the home is saved now, or null when the device database is unavailable.
 */
export function toggleSaved(listing: Listing, userId: string | null): Promise<boolean | null> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.saved, db.savedOps, db.listings, async () => {
        const now = Date.now()
        const wasSaved = (await db.saved.get(listing.id)) !== undefined
        if (wasSaved) await db.saved.delete(listing.id)
        else {
          await db.saved.put({ listingId: listing.id, savedAt: now })
          await keepListing(db, listing)
        }
        if (userId)
          await db.savedOps.add({
            userId,
            listingId: listing.id,
            kind: wasSaved ? 'unsave' : 'save',
            queuedAt: now,
          })
        return !wasSaved
      }),
    null,
  )
}

/** Saves and unsaves waiting for the server, oldest first. */
export function pendingSavedOps(): Promise<SavedOp[]> {
  return withLocalDb((db) => db.savedOps.orderBy('seq').toArray(), [])
}

/** An op the server has taken (or refused for good): it is not sent again. */
export function dropSavedOp(seq: number): Promise<void> {
  return withLocalDb((db) => db.savedOps.delete(seq), undefined)
}

/** Forgets saves of listings that no longer exist. */
export function forgetSaved(listingIds: readonly string[]): Promise<void> {
  return withLocalDb((db) => db.saved.bulkDelete([...listingIds]), undefined)
}

/**
 * Brings this device's saves and the server's list for `userId` together (see planSavedSync), queuing what the
 * server lacks. Returns the ids newly saved on this device (their listings may need fetching) and how many of
 * the device's saves joined the account (only on the first merge for this user).
 */
export function mergeSavedWithServer(
  userId: string,
  server: readonly string[],
): Promise<{ added: string[]; joined: number }> {
  return withLocalDb(
    (db) =>
      db.transaction('rw', db.saved, db.savedOps, db.meta, async () => {
        const now = Date.now()
        const plan = planSavedSync({
          device: (await db.saved.toArray()).map((saved) => saved.listingId),
          server: [...server],
          pending: await db.savedOps.where('userId').equals(userId).sortBy('seq'),
          alreadyMerged: (await readMeta(db, META.savedMergedFor)) === userId,
        })
        await db.saved.bulkPut(plan.add.map((listingId) => ({ listingId, savedAt: now })))
        await db.saved.bulkDelete(plan.remove)
        await db.savedOps.bulkAdd(
          plan.push.map((listingId): SavedOp => ({ userId, listingId, kind: 'save', queuedAt: now })),
        )
        await writeMeta(db, META.savedMergedFor, userId)
        return { added: plan.add, joined: plan.push.length }
      }),
    { added: [], joined: 0 },
  )
}

/** The ids of the homes saved on this device, newest save first. */
export function savedListingIds(): Promise<string[]> {
  return withLocalDb(
    async (db) => (await db.saved.orderBy('savedAt').reverse().toArray()).map((saved) => saved.listingId),
    [],
  )
}

/** Whether this home is saved on the device, kept live. */
export function useIsSaved(listingId: string): boolean {
  return useLocalQuery(
    `saved:${listingId}`,
    async (db) => (await db.saved.get(listingId)) !== undefined,
    false,
  )
}

/** The saved homes, newest save first, kept live; undefined until the device answers. */
export function useSavedListings(): Listing[] | undefined {
  return useLocalQuery(
    'saved-listings',
    async (db) => {
      const saved = await db.saved.orderBy('savedAt').reverse().toArray()
      return readListings(
        db,
        saved.map((entry) => entry.listingId),
      )
    },
    undefined,
  )
}
