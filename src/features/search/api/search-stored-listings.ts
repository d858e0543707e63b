import { withLocalDb } from '../../../lib/use-local-query'
import type { HomeSearch } from '../../../types/home-search'
import type { Listing } from '../../../types/listing'
import { searchListings } from '../../../utils/match-listings'

/**
 * A search over the listings kept on this device, in the search's order: what /search shows offline.
 * A type narrows the read to its part of the [type+createdAt] index; the rest is matched in memory.
 */
export function searchStoredListings(search: HomeSearch): Promise<Listing[]> {
  return withLocalDb(async (db) => {
    const { type } = search
    const stored = type
      ? await db.listings.where('[type+createdAt]').between([type, ''], [type, '\uffff']).toArray()
      : await db.listings.toArray()
    return searchListings(stored, search)
  }, [])
}
