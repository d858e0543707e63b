import { isNetworkError, toAppError } from '../../../lib/errors'
import { db, META, type StoredListing } from '../../../lib/local-db'
import { planSavedSync } from '../plan-saved-sync'
import {
  deleteSavedListing,
  fetchListingsByIds,
  fetchSavedListingIds,
  insertSavedListing,
} from './saved-listings-remote'
import { keepPhotosOffline } from './saved-store'

/**
 * Sends queued saves and unsaves for `userId`, oldest first. Stops at the first network failure (retried when
 * back online); a refusal drops the op. Returns false when something is still waiting for the network.
 */
export async function flushSavedOps(userId: string): Promise<boolean> {
  const ops = await db.savedOps.orderBy('seq').toArray()
  for (const op of ops) {
    if (op.seq === undefined) continue
    if (op.userId === userId) {
      try {
        await (op.kind === 'save' ? insertSavedListing(op.listingId) : deleteSavedListing(op.listingId))
      } catch (error) {
        if (isNetworkError(error)) return false
        // 23503: the listing was deleted; the save cannot exist any more.
        if (toAppError(error).code === '23503') await db.saved.delete(op.listingId)
      }
    }
    await db.savedOps.delete(op.seq)
  }
  return true
}

/**
 * Brings this device's saves and the signed-in user's saved_listings together (see planSavedSync). Returns how
 * many homes saved on this device before were added to the account (only ever on the first merge).
 */
async function reconcile(userId: string): Promise<number> {
  if (!(await flushSavedOps(userId))) return 0
  const server = await fetchSavedListingIds()
  const { added, joined } = await db.transaction('rw', db.saved, db.savedOps, db.meta, async () => {
    const now = Date.now()
    const plan = planSavedSync({
      device: (await db.saved.toArray()).map((saved) => saved.listingId),
      server,
      pending: await db.savedOps.where('userId').equals(userId).sortBy('seq'),
      alreadyMerged: (await db.meta.get(META.savedMergedFor))?.value === userId,
    })
    await db.saved.bulkPut(plan.add.map((listingId) => ({ listingId, savedAt: now })))
    await db.saved.bulkDelete(plan.remove)
    await db.savedOps.bulkAdd(
      plan.push.map((listingId) => ({ userId, listingId, kind: 'save', queuedAt: now })),
    )
    await db.meta.put({ key: META.savedMergedFor, value: userId })
    return { added: plan.add, joined: plan.push.length }
  })
  await fetchMissingListings(added)
  await flushSavedOps(userId)
  return joined
}

/** Saved homes this device has never seen: fetch them (and their photos) so they show offline too. */
async function fetchMissingListings(ids: string[]): Promise<void> {
  const have = await db.listings.bulkGet(ids)
  const missing = ids.filter((_, i) => have[i] === undefined)
  if (missing.length === 0) return
  const listings = await fetchListingsByIds(missing)
  const now = Date.now()
  await db.listings.bulkPut(listings.map((listing): StoredListing => ({ ...listing, seenAt: now })))
  const gone = missing.filter((id) => !listings.some((listing) => listing.id === id))
  await db.saved.bulkDelete(gone)
  await Promise.all(listings.map((listing) => keepPhotosOffline(listing.imageUrls)))
}

let running: Promise<number> = Promise.resolve(0)

/**
 * Runs one reconciliation at a time; failures (offline) wait for the next trigger. Resolves to how many homes
 * saved before signing in joined the account.
 */
export function syncSaved(userId: string): Promise<number> {
  running = running.then(() => reconcile(userId)).catch(() => 0)
  return running
}
