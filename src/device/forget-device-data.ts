import { withLocalDb } from '../lib/local-db-access'

/** The runtime cache of listing photos (vite.config.ts's runtimeCaching). */
const LISTING_IMAGES_CACHE = 'listing-images'

/** Forgets what this device kept (for sign-out): every table of the device database, and cached photos. */
export async function forgetDeviceData(): Promise<void> {
  await withLocalDb(async (db) => {
    await db.transaction('rw', db.tables, async () => {
      await Promise.all(db.tables.map((table) => table.clear()))
    })
  }, undefined)
  await globalThis.caches?.delete(LISTING_IMAGES_CACHE).catch(() => false)
}
