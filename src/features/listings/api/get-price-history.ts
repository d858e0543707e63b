import { keepPriceHistories } from '../../../device/listings-price-history'
import { readPublic } from '../../../lib/supabase'
import { groupPriceHistory, PRICE_HISTORY_COLUMNS, type PriceChange } from '../../../types/price-change'

/**
 * A listing's price history from the server, oldest change first, kept on the device to read offline. Read
 * without PostgREST's client: a listing page's first visit shows from index.html's early answer and loads
 * no client for this one read.
 */
export async function refreshPriceHistory(listingId: string): Promise<PriceChange[]> {
  const query = `select=${encodeURIComponent(PRICE_HISTORY_COLUMNS)}&listing_id=eq.${listingId}&order=changed_at.asc,id.asc`
  const histories = groupPriceHistory([listingId], await readPublic(`listing_price_history?${query}`))
  void keepPriceHistories(histories)
  return histories.get(listingId) ?? []
}
