import { mirrorListings } from '../../../device/listings'
import { earlyListings } from '../../../lib/early-answer'
import { toAppError } from '../../../lib/errors'
import { countHomes, getPublicDb } from '../../../lib/supabase'
import { type HomeSearch, sortOf } from '../../../types/home-search'
import { LISTING_COLUMNS, parseListingRows } from '../../../types/listing'
import { withoutLegacyText } from '../../../utils/legacy-text'
import {
  resultsKey,
  SEARCH_PAGE_SIZE,
  type SearchCursor,
  type SearchPage,
  searchArgs,
  toSearchPage,
} from '../search-query'

export { withoutLegacyText }

/**
 * How many homes a search finds (count_homes): exact below 1,000, else 1,001 (shown as `1,000+ homes`). The
 * server reads at most 1,001 rows, so the count costs the same at any size of table.
 */
export async function countSearch(search: HomeSearch): Promise<number> {
  return countHomes(searchArgs(await withoutLegacyText(search)))
}

/** Where a page starts, as search_homes' `after` takes it: the last home of the page before. */
const afterOf = (cursor: SearchCursor | null) => (cursor ? { after: JSON.stringify(cursor) } : {})

/**
 * Up to `pageSize` homes of a search from search_homes (a GET, its JSON arguments as text, which the server
 * reads as JSON), in the search's order, after `cursor`, with the columns
 * `columns` (every list reads LISTING_COLUMNS; the map, fewer).
 */
export async function searchHomes(
  search: HomeSearch,
  cursor: SearchCursor | null,
  pageSize: number,
  columns: string = LISTING_COLUMNS,
): Promise<unknown[]> {
  const resolved = await withoutLegacyText(search)
  const db = await getPublicDb()
  const { data, error } = await db
    .rpc(
      'search_homes',
      {
        search: JSON.stringify(searchArgs(resolved)),
        sort: sortOf(resolved),
        ...afterOf(cursor),
        page_size: pageSize,
      },
      { get: true },
    )
    .select(columns)
  if (error) throw toAppError(error)
  return (data ?? []) as unknown[]
}

/**
 * One page of a search from the server (kept on the device), in its order, starting after `cursor` (or at the top when null).
 * The first page also counts the matches (countSearch: exact below 1,000).
 */
export async function fetchSearchPage(search: HomeSearch, cursor: SearchCursor | null): Promise<SearchPage> {
  // Every home, newest first: index.html's inline script may have asked for this one already.
  const early =
    cursor === null &&
    Object.keys(searchArgs(search)).length === 0 &&
    !search.q &&
    sortOf(search) === 'newest'
      ? await earlyListings(LISTING_COLUMNS, { limit: SEARCH_PAGE_SIZE + 1 })
      : null
  const count = cursor === null ? countSearch(search) : Promise.resolve(null)
  count.catch(() => undefined)
  if (early) return keptPage(toSearchPage(parseListingRows(early.rows), early.count ?? (await count)))
  const rows = await searchHomes(search, cursor, SEARCH_PAGE_SIZE + 1)
  return keptPage(toSearchPage(parseListingRows(rows), await count))
}

/** A page kept on the device as it is seen, so the same search finds its homes offline. */
function keptPage(page: SearchPage): SearchPage {
  void mirrorListings(page.listings)
  return page
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
