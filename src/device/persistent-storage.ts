import { withLocalDb } from '../lib/local-db-access'
import { META, readMeta, writeMeta } from './meta'

/**
 * Asks once that the browser keep this site's data under storage pressure (saved homes and drafts live only
 * here). The answer is the browser's; asking again would change nothing.
 */
export function requestPersistentStorage(): Promise<void> {
  return withLocalDb(async (db) => {
    if (await readMeta(db, META.persistRequested)) return
    await writeMeta(db, META.persistRequested, Date.now())
    await globalThis.navigator?.storage?.persist?.().catch(() => false)
  }, undefined)
}
