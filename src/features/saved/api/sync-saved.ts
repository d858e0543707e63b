import { mirrorListings, missingListingIds } from '../../../device/listings'
import { dropSavedOp, forgetSaved, mergeSavedWithServer, pendingSavedOps } from '../../../device/saved'
import { isNetworkError, toAppError } from '../../../lib/errors'
import { keepPhotosOffline } from './keep-photos-offline'
import { refreshSavedHomes } from './refresh-saved-homes'
import {
  deleteSavedListing,
  fetchListingsByIds,
  fetchSavedListingIds,
  insertSavedListing,
} from './saved-listings-remote'

let flushing: Promise<unknown> = Promise.resolve()

/**
 * Sends queued saves and unsaves for `userId`, oldest first. Stops at the first network failure (retried when
 * back online); a refusal drops the op. Returns false when something is still waiting for the network. One
 * flush at a time: a tap's flush and a reconnection's would otherwise both send the op neither had dropped yet.
 */
export function flushSavedOps(userId: string): Promise<boolean> {
  const flush = flushing.then(() => sendSavedOps(userId))
  flushing = flush.catch(() => undefined)
  return flush
}

async function sendSavedOps(userId: string): Promise<boolean> {
  for (const op of await pendingSavedOps()) {
    if (op.seq === undefined) continue
    if (op.userId === userId) {
      try {
        await (op.kind === 'save' ? insertSavedListing(op.listingId) : deleteSavedListing(op.listingId))
      } catch (error) {
        if (isNetworkError(error)) return false
        // 23503: the listing was deleted; the save cannot exist any more.
        if (toAppError(error).code === '23503') await forgetSaved([op.listingId])
      }
    }
    await dropSavedOp(op.seq)
  }
  return true
}

/**
 * Brings this device's saves and the signed-in user's saved_listings together (see planSavedSync). Returns how
 * many homes saved on this device before were added to the account (only ever on the first merge).
 */
async function reconcile(userId: string): Promise<number> {
  if (!(await flushSavedOps(userId))) return 0
  const { added, joined } = await mergeSavedWithServer(userId, await fetchSavedListingIds())
  await fetchMissingListings(added)
  await flushSavedOps(userId)
  // Every saved home takes the server's status, price and history, to read offline.
  await refreshSavedHomes().catch(() => undefined)
  return joined
}

/** Saved homes this device has never seen: fetch them (and their photos) so they show offline too. */
async function fetchMissingListings(ids: string[]): Promise<void> {
  const missing = await missingListingIds(ids)
  if (missing.length === 0) return
  const listings = await fetchListingsByIds(missing)
  await mirrorListings(listings)
  await forgetSaved(missing.filter((id) => !listings.some((listing) => listing.id === id)))
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
