import { mirrorListings } from '../../../device/listings'
import { earlyListings } from '../../../first-screen/early-listings'
import { toAppError } from '../../../lib/errors'
import { getPublicDb, type PublicDb } from '../../../lib/supabase'
import { type HomeSearch, sortOf } from '../../../types/home-search'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import {
  afterCursor,
  bboxFilters,
  MAP_LIMIT,
  resultsKey,
  SEARCH_PAGE_SIZE,
  type SearchCursor,
  type SearchFilter,
  type SearchPage,
  searchFilters,
  searchOrder,
  toSearchPage,
} from '../search-query'

/** The homes on the market (public.market_listings) that pass the filters. */
function selectListings(db: PublicDb, filters: SearchFilter[], withCount: boolean) {
  let query = db.from('market_listings').select(LISTING_COLUMNS, withCount ? { count: 'exact' } : {})
  for (const filter of filters) query = query.filter(filter.column, filter.operator, filter.value)
  return query
}

type OrderOptions = { ascending: boolean; nullsFirst?: boolean }

const ordered = <Q extends { order(column: string, options: OrderOptions): Q }>(
  query: Q,
  search: HomeSearch,
): Q => searchOrder(sortOf(search)).reduce((q, { column, ...options }) => q.order(column, options), query)

/**
 * One page of a search from the server (kept on the device), in its order, starting after `cursor` (or at the top when null).
 * The first page also counts every match exactly.
 */
export async function fetchSearchPage(search: HomeSearch, cursor: SearchCursor | null): Promise<SearchPage> {
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  // Every home, newest first: index.html's inline script may have asked for this one already.
  const early =
    cursor === null && filters.length === 0 && sortOf(search) === 'newest'
      ? await earlyListings(LISTING_COLUMNS, { limit: SEARCH_PAGE_SIZE + 1 })
      : null
  if (early) {
    const page = toSearchPage(parseListingRows(early.rows), early.count)
    void mirrorListings(page.listings)
    return page
  }
  const db = await getPublicDb()
  let query = selectListings(db, filters, cursor === null)
  const after = cursor ? afterCursor(sortOf(search), cursor) : null
  if (after) query = query.filter(after.bound.column, after.bound.operator, after.bound.value).or(after.or)
  const { data, error, count } = await ordered(query, search).limit(SEARCH_PAGE_SIZE + 1)
  if (error) throw toAppError(error)
  let rows = parseListingRows(data)
  if (after?.thenNeverReduced && rows.length <= SEARCH_PAGE_SIZE) {
    // The reduced homes ran out within this page: the homes never reduced follow, by id.
    const rest = await selectListings(db, filters, false)
      .is('price_reduced_at', null)
      .order('id', { ascending: false })
      .limit(SEARCH_PAGE_SIZE + 1 - rows.length)
    if (rest.error) throw toAppError(rest.error)
    rows = [...rows, ...parseListingRows(rest.data)]
  }
  const page = toSearchPage(rows, cursor === null ? (count ?? null) : null)
  // Kept on the device as they are seen, so the same search finds them offline.
  void mirrorListings(page.listings)
  return page
}

/** How long a first page fetched ahead waits for its screen: older, the screen asks afresh. */
const AHEAD_MAX_AGE_MS = 10_000

/** A search's first page, asked for before its screen is there (by the route's loader), and when. */
export type FirstPageAhead = { key: string; startedAt: number; page: Promise<SearchPage> }

/**
 * Starts a search's first page before its screen is there, so the request does not wait for the screen's
 * code and first render. Its failure is the screen's to show, as if the screen had asked.
 */
export function fetchFirstPageAhead(search: HomeSearch): FirstPageAhead {
  const page = fetchSearchPage(search, null)
  page.catch(() => undefined)
  return { key: resultsKey(search), startedAt: Date.now(), page }
}

/** The first page fetched ahead, if it is this search's and recent enough. */
export function firstPageAheadFor(
  search: HomeSearch,
  ahead: FirstPageAhead | null | undefined,
): Promise<SearchPage> | undefined {
  if (!ahead || ahead.key !== resultsKey(search)) return undefined
  return Date.now() - ahead.startedAt <= AHEAD_MAX_AGE_MS ? ahead.page : undefined
}

/** Up to MAP_LIMIT homes of a search inside its map area, with the exact count of all of them. */
export async function fetchSearchMap(search: HomeSearch): Promise<{ listings: Listing[]; total: number }> {
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  const { data, error, count } = await ordered(
    selectListings(await getPublicDb(), filters, true),
    search,
  ).limit(MAP_LIMIT)
  if (error) throw toAppError(error)
  const listings = parseListingRows(data)
  return { listings, total: count ?? listings.length }
}
