import { type HomeSearch, parseBbox, type SearchSort } from '../../types/home-search'
import type { Listing } from '../../types/listing'
import { askingPrice } from '../../utils/format-price'
import { searchWords } from '../../utils/match-listings'

/** What decides the results: the search without its view (list and map show the same homes). */
export const resultsKey = ({ view: _view, ...search }: HomeSearch): string => JSON.stringify(search)

/** Results come 10 a page; one more is fetched to know whether another page exists. */
export const SEARCH_PAGE_SIZE = 10
/** The map shows at most this many homes of a search at once. */
export const MAP_LIMIT = 500

/** One PostgREST filter: `column=operator.value`. */
export type SearchFilter = {
  column: string
  operator: 'ilike' | 'eq' | 'gte' | 'lte' | 'is'
  value: string | number | boolean
}

/** Where the next page starts: just after this listing in the search's order. */
export type SearchCursor = { createdAt: string; price: number; reducedAt: string | null; id: string }

/** The filters a search applies, on the columns of public.listings (the price is what a person pays). */
export function searchFilters(search: HomeSearch): SearchFilter[] {
  const filters: SearchFilter[] = searchWords(search.q).map((word) => ({
    column: 'search_text',
    operator: 'ilike',
    value: `%${word}%`,
  }))
  if (search.type) filters.push({ column: 'type', operator: 'eq', value: search.type })
  if (search.minPrice !== undefined)
    filters.push({ column: 'effective_price', operator: 'gte', value: search.minPrice })
  if (search.maxPrice !== undefined)
    filters.push({ column: 'effective_price', operator: 'lte', value: search.maxPrice })
  if (search.minBeds !== undefined)
    filters.push({ column: 'bedrooms', operator: 'gte', value: search.minBeds })
  if (search.minBaths !== undefined)
    filters.push({ column: 'bathrooms', operator: 'gte', value: search.minBaths })
  for (const flag of ['parking', 'furnished', 'offer'] as const)
    if (search[flag]) filters.push({ column: flag, operator: 'is', value: true })
  if (search.underOffer === false) filters.push({ column: 'status', operator: 'eq', value: 'available' })
  return filters
}

/** The map's area: homes whose position lies inside the bbox. */
export function bboxFilters(bboxText: string | undefined): SearchFilter[] {
  const bbox = bboxText ? parseBbox(bboxText) : null
  if (!bbox) return []
  const [west, south, east, north] = bbox
  return [
    { column: 'longitude', operator: 'gte', value: west },
    { column: 'longitude', operator: 'lte', value: east },
    { column: 'latitude', operator: 'gte', value: south },
    { column: 'latitude', operator: 'lte', value: north },
  ]
}

/** One key of an order; `nullsFirst: false` puts rows without a value after all the others. */
export type SearchOrderKey = { column: string; ascending: boolean; nullsFirst?: false }

/** The order of a sort: its key, then id in the same direction, so ties have one fixed order. */
export function searchOrder(sort: SearchSort): SearchOrderKey[] {
  switch (sort) {
    case 'reduced':
      // Homes never reduced (or risen since) come last, newest id first, as the index orders them.
      return [
        { column: 'price_reduced_at', ascending: false, nullsFirst: false },
        { column: 'id', ascending: false },
      ]
    case 'price-asc':
      return [
        { column: 'effective_price', ascending: true },
        { column: 'id', ascending: true },
      ]
    case 'price-desc':
      return [
        { column: 'effective_price', ascending: false },
        { column: 'id', ascending: false },
      ]
    default:
      return [
        { column: 'created_at', ascending: false },
        { column: 'id', ascending: false },
      ]
  }
}

export const cursorOf = (listing: Listing): SearchCursor => ({
  createdAt: listing.createdAt,
  price: askingPrice(listing),
  reducedAt: listing.priceReducedAt ?? null,
  id: listing.id,
})

/**
 * The rows after the cursor under a sort: a bound on the sort key (true of every such row) that lets the index
 * start at the cursor, and a PostgREST `or` filter that, with the bound, selects them exactly: beyond the
 * cursor's key, or beyond its id (at the bound, that is at the cursor's key). Written without the key's equality
 * (`and(key.eq…, id…)`), the `or` is not a second range on the key: Postgres takes the bound and the `or` as
 * independent, so that form squared the bound's selectivity, and the planner, expecting a tenth of the
 * matches, sorted them all instead of walking the index from the cursor (page 50 of `london garden` to rent,
 * price falling, at a million listings: 48 ms → 4.6 ms in Postgres). Strings are quoted because timestamps
 * hold ":" and "+".
 *
 * Recently reduced puts the homes never reduced last: after a reduced home, the filter selects only the
 * reduced ones after it (so the bound keeps the scan on the index), and `thenNeverReduced` says the homes
 * never reduced follow once those run out (fetched as a second part of the page: all of them, by id).
 */
export function afterCursor(
  sort: SearchSort,
  cursor: SearchCursor,
): { bound: SearchFilter; or: string; thenNeverReduced?: true } {
  const id = `"${cursor.id}"`
  if (sort === 'reduced') {
    if (cursor.reducedAt === null)
      return { bound: { column: 'price_reduced_at', operator: 'is', value: 'null' }, or: `id.lt.${id}` }
    const at = `"${cursor.reducedAt}"`
    return {
      bound: { column: 'price_reduced_at', operator: 'lte', value: cursor.reducedAt },
      or: `price_reduced_at.lt.${at},id.lt.${id}`,
      thenNeverReduced: true,
    }
  }
  if (sort === 'newest') {
    const at = `"${cursor.createdAt}"`
    return {
      bound: { column: 'created_at', operator: 'lte', value: cursor.createdAt },
      or: `created_at.lt.${at},id.lt.${id}`,
    }
  }
  const up = sort === 'price-asc'
  const [beyond, bound] = up ? (['gt', 'gte'] as const) : (['lt', 'lte'] as const)
  return {
    bound: { column: 'effective_price', operator: bound, value: cursor.price },
    or: `effective_price.${beyond}.${cursor.price},id.${beyond}.${id}`,
  }
}

/** A page of results, the cursor of the next (null on the last page) and, on the first page, the exact total. */
export type SearchPage = { listings: Listing[]; nextCursor: SearchCursor | null; total: number | null }

/** Splits SEARCH_PAGE_SIZE + 1 fetched rows into one page and the cursor of the next, if any. */
export function toSearchPage(rows: Listing[], total: number | null): SearchPage {
  const listings = rows.slice(0, SEARCH_PAGE_SIZE)
  const last = listings.at(-1)
  const hasMore = rows.length > SEARCH_PAGE_SIZE && last !== undefined
  return { listings, nextCursor: hasMore ? cursorOf(last) : null, total }
}
