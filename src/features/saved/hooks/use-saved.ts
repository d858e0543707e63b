import { useLocalQuery } from '../../../lib/use-local-query'
import type { Listing } from '../../../types/listing'

/** Whether this home is saved on the device, kept live. */
export function useIsSaved(listingId: string): boolean {
  return useLocalQuery(
    `saved:${listingId}`,
    async (db) => (await db.saved.get(listingId)) !== undefined,
    false,
  )
}

/** The saved homes, newest save first; undefined until the device answers. */
export function useSavedListings(): Listing[] | undefined {
  return useLocalQuery(
    'saved-listings',
    async (db) => {
      const saved = await db.saved.orderBy('savedAt').reverse().toArray()
      const listings = await db.listings.bulkGet(saved.map((entry) => entry.listingId))
      return listings.filter((listing) => listing !== undefined)
    },
    undefined,
  )
}
