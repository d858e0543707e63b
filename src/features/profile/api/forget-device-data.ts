import { withLocalDb } from '../../../lib/use-local-query'

/** The runtime cache of listing photos (vite.config.ts's runtimeCaching). */
const LISTING_IMAGES_CACHE = 'listing-images'

/** Forgets what this device kept for the user: the local database (drafts included) and cached photos. */
export async function forgetDeviceData(): Promise<void> {
  await withLocalDb(async () => {
    const { clearLocalData } = await import('../../../lib/local-db')
    await clearLocalData()
  }, undefined)
  await globalThis.caches?.delete(LISTING_IMAGES_CACHE).catch(() => false)
}
