import { keepPriceHistories } from '@/device/listings-price-history'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { groupPriceHistory, PRICE_HISTORY_COLUMNS, type PriceChange } from '../../../types/price-change'

/** A listing's price history from the server, oldest change first, kept on the device to read offline. */
export async function refreshPriceHistory(listingId: string): Promise<PriceChange[]> {
  const db = await getPublicDb()
  const { data, error } = await db
    .from('listing_price_history')
    .select(PRICE_HISTORY_COLUMNS)
    .eq('listing_id', listingId)
    .order('changed_at', { ascending: true })
    .order('id', { ascending: true })
  if (error) throw toAppError(error)
  const histories = groupPriceHistory([listingId], data)
  void keepPriceHistories(histories)
  return histories.get(listingId) ?? []
}
