import { listingImageUrl } from '../../../lib/image-transform'
import type { StoredListing } from '../../../lib/local-db'
import { META } from '../../../lib/local-meta'
import { withLocalDb } from '../../../lib/use-local-query'
import type { Listing } from '../../../types/listing'

/** How many photos of a saved home are fetched ahead so they show offline (the cover first). */
const PHOTOS_KEPT = 6

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
          if (!(await db.listings.get(listing.id)))
            await db.listings.put({ ...listing, seenAt: now } satisfies StoredListing)
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

/** Asks once that the browser keep this site's data under storage pressure (saved homes live here). */
export function requestPersistentStorage(): Promise<void> {
  return withLocalDb(async (db) => {
    if (await db.meta.get(META.persistRequested)) return
    await db.meta.put({ key: META.persistRequested, value: Date.now() })
    await navigator.storage?.persist?.()
  }, undefined)
}

/** Fetches a home's photos now, at the sizes the screens show them, so the service worker keeps them for offline viewing. */
export async function keepPhotosOffline(imageUrls: string[]): Promise<void> {
  await Promise.allSettled(
    imageUrls
      .slice(0, PHOTOS_KEPT)
      .flatMap((url, i) => [
        listingImageUrl(url, 'photo'),
        ...(i === 0 ? [listingImageUrl(url, 'card')] : []),
      ])
      .map((url) => fetch(url, { mode: 'cors', credentials: 'same-origin' })),
  )
}
