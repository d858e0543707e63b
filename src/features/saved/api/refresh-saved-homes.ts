import { mirrorListings } from '../../../device/listings'
import { keepPriceHistories } from '../../../device/listings-price-history'
import { savedListingIds } from '../../../device/saved'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import { groupPriceHistory, PRICE_HISTORY_COLUMNS, type PriceChange } from '../../../types/price-change'

/** Ids per request: a hundred UUIDs keep the URL well inside what servers accept. */
const CHUNK = 100

const chunks = (ids: readonly string[]) =>
  Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK))

/** The saved homes as the server has them now (public.listings: a home off the market still reads). */
async function fetchListings(ids: string[]): Promise<Listing[]> {
  const db = await getPublicDb()
  const { data, error } = await db.from('listings').select(LISTING_COLUMNS).in('id', ids)
  if (error) throw toAppError(error)
  return parseListingRows(data)
}

async function fetchHistories(ids: string[]): Promise<Map<string, PriceChange[]>> {
  const db = await getPublicDb()
  const { data, error } = await db
    .from('listing_price_history')
    .select(PRICE_HISTORY_COLUMNS)
    .in('listing_id', ids)
    .order('changed_at', { ascending: true })
    .order('id', { ascending: true })
  if (error) throw toAppError(error)
  return groupPriceHistory(ids, data)
}

/**
 * Brings the device's copies of the saved homes up to date: status, price, reduction and price history, so
 * the Saved tab and their pages say `Let agreed` or `Reduced by £50` offline too. A home the server no longer
 * has is left to the saves' own sync. Fails as a read fails (offline: nothing changes).
 */
export async function refreshSavedHomes(): Promise<void> {
  const ids = await savedListingIds()
  for (const part of chunks(ids)) {
    const [listings, histories] = await Promise.all([fetchListings(part), fetchHistories(part)])
    await mirrorListings(listings)
    await keepPriceHistories(histories)
  }
}
