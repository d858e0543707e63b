import type { StoredPriceHistory } from '../lib/local-db'
import { useLocalQuery, withLocalDb } from '../lib/local-db-access'
import type { PriceChange } from '../types/price-change'

// Owner of the `priceHistory` table: each listing's price history as last read from the server, so a listing
// page (a saved home's above all) shows it offline too.

/** Keeps the histories read from the server, in place of what the device held for those listings. */
export function keepPriceHistories(histories: ReadonlyMap<string, PriceChange[]>): Promise<void> {
  const now = Date.now()
  return withLocalDb(async (db) => {
    await db.priceHistory.bulkPut(
      [...histories].map(
        ([listingId, changes]): StoredPriceHistory => ({ listingId, changes, fetchedAt: now }),
      ),
    )
  }, undefined)
}

/** A listing's price history as this device holds it, kept live; null when it holds none. */
export function useStoredPriceHistory(listingId: string): PriceChange[] | null {
  return useLocalQuery(
    `price-history:${listingId}`,
    async (db) => (await db.priceHistory.get(listingId))?.changes ?? null,
    null,
  )
}
