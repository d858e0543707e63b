import { type HomeSearch, parseBbox, type SearchSort, sortOf } from '../types/home-search'
import type { Listing } from '../types/listing'
import { askingPrice } from './format-price'

/** At most this many words of the text are searched for. */
const MAX_WORDS = 8

/**
 * The words of the place or keyword text, each to be found somewhere in a listing's location, name or
 * description. Characters that are wildcards or syntax to PostgREST or LIKE (`% _ * \ , ( )`) are removed,
 * so a word always means itself.
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return []
  const words = q
    .split(/\s+/)
    .map((word) => word.replace(/[%_*\\,()]/g, ''))
    .filter((word) => word.length > 0)
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, MAX_WORDS)
}

/** The same rules the database applies (search-query.ts), for the listings kept on this device. */
export function matchesSearch(listing: Listing, search: HomeSearch): boolean {
  const price = askingPrice(listing)
  if (search.type && listing.type !== search.type) return false
  if (search.minPrice !== undefined && price < search.minPrice) return false
  if (search.maxPrice !== undefined && price > search.maxPrice) return false
  if (search.minBeds !== undefined && listing.bedrooms < search.minBeds) return false
  if (search.minBaths !== undefined && listing.bathrooms < search.minBaths) return false
  if (search.parking && !listing.parking) return false
  if (search.furnished && !listing.furnished) return false
  if (search.offer && !listing.offer) return false
  if (search.underOffer === false && (listing.status ?? 'available') !== 'available') return false
  if (!inBbox(listing, search.bbox)) return false
  const words = searchWords(search.q)
  if (words.length === 0) return true
  const text = `${listing.location} ${listing.name} ${listing.description ?? ''}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

function inBbox(listing: Listing, bboxText: string | undefined): boolean {
  const bbox = bboxText ? parseBbox(bboxText) : null
  if (!bbox) return true
  const at = listing.geolocation
  const [west, south, east, north] = bbox
  return at.lng >= west && at.lng <= east && at.lat >= south && at.lat <= north
}

/**
 * Whether a home is still on the market at `now` (public.market_listings' rule): not yet past the time its
 * status takes it off every list (14 days after Sold or Let, 60 after Sold STC or Let agreed).
 */
export function isOnMarket(listing: Pick<Listing, 'offMarketAt'>, now: number = Date.now()): boolean {
  return !listing.offMarketAt || new Date(listing.offMarketAt).getTime() > now
}

const byId = (a: Listing, b: Listing) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The database's order for a sort (search-query.ts searchOrder): the key, then id in the same direction. */
export function compareListings(sort: SearchSort): (a: Listing, b: Listing) => number {
  switch (sort) {
    case 'price-asc':
      return (a, b) => askingPrice(a) - askingPrice(b) || byId(a, b)
    case 'price-desc':
      return (a, b) => askingPrice(b) - askingPrice(a) || byId(b, a)
    case 'reduced':
      // price_reduced_at desc nulls last, then id desc.
      return (a, b) => {
        const at = a.priceReducedAt ?? null
        const bt = b.priceReducedAt ?? null
        if (at === bt) return byId(b, a)
        if (at === null) return 1
        if (bt === null) return -1
        return at < bt ? 1 : -1
      }
    default:
      return (a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : byId(b, a))
  }
}

/** The listings on the market that match a search, in its order. */
export function searchListings<T extends Listing>(listings: T[], search: HomeSearch, now = Date.now()): T[] {
  return listings
    .filter((listing) => isOnMarket(listing, now) && matchesSearch(listing, search))
    .sort(compareListings(sortOf(search)))
}
