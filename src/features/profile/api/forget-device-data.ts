import { withLocalDb } from '../../../lib/use-local-query'

/** The runtime cache of listing photos (vite.config.ts's runtimeCaching). */
const LISTING_IMAGES_CACHE = 'listing-images'

/** How many of this user's drafts have not reached the server (Logout warns before deleting them). */
export function countUnsentDrafts(userId: string): Promise<number> {
  return withLocalDb(
    (db) =>
      db.drafts
        .where('ownerId')
        .equals(userId)
        .filter((draft) => draft.state !== 'published')
        .count(),
    0,
  )
}

/** Forgets what this device kept for the user: the local database (drafts included) and cached photos. */
export async function forgetDeviceData(): Promise<void> {
  await withLocalDb(async () => {
    const { clearLocalData } = await import('../../../lib/local-db')
    await clearLocalData()
  }, undefined)
  await globalThis.caches?.delete(LISTING_IMAGES_CACHE).catch(() => false)
}
