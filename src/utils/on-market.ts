import type { Listing } from '../types/listing'

/**
 * Whether a home is still on the market at `now` (public.market_listings' rule): not yet past the time its
 * status takes it off every list (14 days after Sold or Let, 60 after Sold STC or Let agreed).
 */
export function isOnMarket(listing: Pick<Listing, 'offMarketAt'>, now: number = Date.now()): boolean {
  return !listing.offMarketAt || new Date(listing.offMarketAt).getTime() > now
}
