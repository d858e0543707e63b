import type { HomeSearch, SearchSort } from '../../types/home-search'
import type { Listing } from '../../types/listing'
import { askingPrice } from '../../utils/format-price'

/** What decides the results: the search without its view (list and map show the same homes). */
export const resultsKey = ({ view: _view, ...search }: HomeSearch): string => JSON.stringify(search)

/** Results come 10 a page; one more is fetched to know whether another page exists. */
export const SEARCH_PAGE_SIZE = 10
/** The map shows at most this many homes of a search at once. */
export const MAP_LIMIT = 500

/** Where the next page starts: just after this listing in the search's order. */
export type SearchCursor = { createdAt: string; price: number; reducedAt: string | null; id: string }

/** The fields of a search the server filters by (public.search_homes' `search`): the URL's, without text, sort and view. */
export type SearchArgs = Omit<HomeSearch, 'q' | 'sort' | 'view'>

/** The search as search_homes and count_homes take it: its filters only, as the URL holds them. */
export function searchArgs(search: HomeSearch): SearchArgs {
  const { q: _q, sort: _sort, view: _view, ...args } = search
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined)) as SearchArgs
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

/** A page of results, the cursor of the next (null on the last page) and, on the first page, the exact total. */
export type SearchPage = { listings: Listing[]; nextCursor: SearchCursor | null; total: number | null }

/** Splits SEARCH_PAGE_SIZE + 1 fetched rows into one page and the cursor of the next, if any. */
export function toSearchPage(rows: Listing[], total: number | null): SearchPage {
  const listings = rows.slice(0, SEARCH_PAGE_SIZE)
  const last = listings.at(-1)
  const hasMore = rows.length > SEARCH_PAGE_SIZE && last !== undefined
  return { listings, nextCursor: hasMore ? cursorOf(last) : null, total }
}
