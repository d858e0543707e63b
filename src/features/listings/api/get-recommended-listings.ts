import { mirrorPage, readStoredView } from '../../../device/listings'
import { earlyListings } from '../../../lib/early-answer'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows, RECOMMENDED_COUNT } from '../../../types/listing'
import { storedOrServer } from './stored-or-server'

export { RECOMMENDED_COUNT }

export async function fetchRecommendedListings(): Promise<Listing[]> {
  const early = await earlyListings(LISTING_COLUMNS, { limit: RECOMMENDED_COUNT })
  if (early) return parseListingRows(early.rows)
  const db = await getPublicDb()
  const { data, error } = await db
    .from('market_listings')
    .select(LISTING_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(RECOMMENDED_COUNT)
  if (error) throw toAppError(error)
  return parseListingRows(data)
}

/**
 * Explore's slider: the device's copy or the server's, whichever comes first. The server's answer is shown
 * without waiting for the device database to load and store it.
 */
export async function loadRecommendedListings(): Promise<Listing[]> {
  const stored = readStoredView('recommended').then((view) => view?.listings ?? null)
  const fromServer = async () => {
    const listings = await fetchRecommendedListings()
    void mirrorPage('recommended', { listings, hasMore: false }, null)
    return listings
  }
  return storedOrServer(stored, fromServer, navigator.onLine)
}
