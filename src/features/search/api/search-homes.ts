import { mirrorListings } from '../../../device/listings'
import { earlyListings } from '../../../lib/early-answer'
import { toAppError } from '../../../lib/errors'
import { countListings, getPublicDb, type PublicDb } from '../../../lib/supabase'
import type { Database } from '../../../types/database'
import { type HomeSearch, parseBbox, sortOf } from '../../../types/home-search'
import { LISTING_COLUMNS, parseListingRows } from '../../../types/listing'
import { searchWords } from '../../../utils/match-listings'
import {
  afterCursor,
  bboxFilters,
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
export function selectListings(db: PublicDb, filters: SearchFilter[]) {
  let query = db.from('market_listings').select(LISTING_COLUMNS)
  for (const filter of filters) query = query.filter(filter.column, filter.operator, filter.value)
  return query
}

type CountArgs = Database['public']['Functions']['count_listings']['Args']

/** The filters of a search (and its area) as count_listings takes them: the same as searchFilters'. */
export function countArgs(search: HomeSearch): CountArgs {
  const bbox = search.bbox ? parseBbox(search.bbox) : null
  const words = searchWords(search.q).join(' ')
  return {
    ...(words ? { words } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...(search.minPrice !== undefined ? { min_price: search.minPrice } : {}),
    ...(search.maxPrice !== undefined ? { max_price: search.maxPrice } : {}),
    ...(search.minBeds !== undefined ? { min_beds: search.minBeds } : {}),
    ...(search.minBaths !== undefined ? { min_baths: search.minBaths } : {}),
    ...(search.parking ? { parking: true } : {}),
    ...(search.furnished ? { furnished: true } : {}),
    ...(search.offer ? { offer: true } : {}),
    ...(search.underOffer === false ? { available_only: true } : {}),
    ...(bbox ? { west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3] } : {}),
  }
}

/**
 * How many homes a search finds: exact below 1,000, else 1,000 or 1,001 (shown as `1,000+ homes`). The server
 * reads at most 1,001 rows, so the count costs the same at any size of table.
 */
export function countSearch(search: HomeSearch): Promise<number> {
  return countListings(countArgs(search))
}

type OrderOptions = { ascending: boolean; nullsFirst?: boolean }

export const ordered = <Q extends { order(column: string, options: OrderOptions): Q }>(
  query: Q,
  search: HomeSearch,
): Q => searchOrder(sortOf(search)).reduce((q, { column, ...options }) => q.order(column, options), query)

/**
 * One page of a search from the server (kept on the device), in its order, starting after `cursor` (or at the top when null).
 * The first page also counts the matches (countSearch: exact below 1,000).
 */
export async function fetchSearchPage(search: HomeSearch, cursor: SearchCursor | null): Promise<SearchPage> {
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  // Every home, newest first: index.html's inline script may have asked for this one already.
  const early =
    cursor === null && filters.length === 0 && sortOf(search) === 'newest'
      ? await earlyListings(LISTING_COLUMNS, { limit: SEARCH_PAGE_SIZE + 1 })
      : null
  const count = cursor === null ? countSearch(search) : Promise.resolve(null)
  count.catch(() => undefined)
  if (early) {
    const page = toSearchPage(parseListingRows(early.rows), early.count ?? (await count))
    void mirrorListings(page.listings)
    return page
  }
  const db = await getPublicDb()
  const sort = sortOf(search)
  if (
    searchWords(search.q).length > 0 &&
    (sort === 'newest' || sort === 'price-asc' || sort === 'price-desc')
  ) {
    const { data, error } =
      sort === 'newest'
        ? await newestWithWords(db, search, cursor)
        : await byPriceWithWords(db, search, cursor)
    if (error) throw toAppError(error)
    return keptPage(toSearchPage(parseListingRows(data), await count))
  }
  let query = selectListings(db, filters)
  const after = cursor ? afterCursor(sortOf(search), cursor) : null
  if (after) query = query.filter(after.bound.column, after.bound.operator, after.bound.value).or(after.or)
  const { data, error } = await ordered(query, search).limit(SEARCH_PAGE_SIZE + 1)
  if (error) throw toAppError(error)
  let rows = parseListingRows(data)
  if (after?.thenNeverReduced && rows.length <= SEARCH_PAGE_SIZE) {
    // The reduced homes ran out within this page: the homes never reduced follow, by id.
    const rest = await selectListings(db, filters)
      .is('price_reduced_at', null)
      .order('id', { ascending: false })
      .limit(SEARCH_PAGE_SIZE + 1 - rows.length)
    if (rest.error) throw toAppError(rest.error)
    rows = [...rows, ...parseListingRows(rest.data)]
  }
  return keptPage(toSearchPage(rows, await count))
}

/** A page kept on the device as it is seen, so the same search finds its homes offline. */
function keptPage(page: SearchPage): SearchPage {
  void mirrorListings(page.listings)
  return page
}

/**
 * A page of a search with words sorted newest, from search_newest: the rows market_listings gives for the same
 * filters and cursor, which the server reads from a busy place's own index when the words allow (a place and
 * what is wanted there, newest first, reads a page's homes instead of walking every newer home).
 */
function newestWithWords(db: PublicDb, search: HomeSearch, cursor: SearchCursor | null) {
  const after = cursor ? { after_created_at: cursor.createdAt, after_id: cursor.id } : {}
  return db
    .rpc('search_newest', { ...countArgs(search), ...after, page_size: SEARCH_PAGE_SIZE + 1 }, { get: true })
    .select(LISTING_COLUMNS)
}

/**
 * A page of a search with words sorted by price, from search_by_price: the rows market_listings gives for the same
 * filters, order and cursor, which the server reads from a busy place's own index by price when the words allow
 * (a town many texts name, few of whose homes match, reads a page's homes instead of every home in its price order).
 */
function byPriceWithWords(db: PublicDb, search: HomeSearch, cursor: SearchCursor | null) {
  const after = cursor ? { after_price: cursor.price, after_id: cursor.id } : {}
  const descending = sortOf(search) === 'price-desc'
  return db
    .rpc(
      'search_by_price',
      {
        ...countArgs(search),
        ...(descending ? { descending } : {}),
        ...after,
        page_size: SEARCH_PAGE_SIZE + 1,
      },
      { get: true },
    )
    .select(LISTING_COLUMNS)
}

/** How long a first page fetched ahead waits for its screen: older, the screen asks afresh. */
const AHEAD_MAX_AGE_MS = 10_000

/**
 * A search's first page, asked for before its screen is there (by the route's loader), and when. `taken` once
 * a screen has used it: the route keeps its loader data, and a later visit to the same search asks afresh.
 */
export type FirstPageAhead = { key: string; startedAt: number; page: Promise<SearchPage>; taken?: boolean }

/**
 * Starts a search's first page before its screen is there, so the request does not wait for the screen's
 * code and first render. Its failure is the screen's to show, as if the screen had asked.
 */
export function fetchFirstPageAhead(search: HomeSearch): FirstPageAhead {
  const page = fetchSearchPage(search, null)
  page.catch(() => undefined)
  return { key: resultsKey(search), startedAt: Date.now(), page }
}

/** The first page fetched ahead, once, if it is this search's and recent enough. */
export function firstPageAheadFor(
  search: HomeSearch,
  ahead: FirstPageAhead | null | undefined,
): Promise<SearchPage> | undefined {
  if (!ahead || ahead.taken || ahead.key !== resultsKey(search)) return undefined
  ahead.taken = true
  return Date.now() - ahead.startedAt <= AHEAD_MAX_AGE_MS ? ahead.page : undefined
}
