import { mirrorListings } from '../../../device/listings'
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { type HomeSearch, sortOf } from '../../../types/home-search'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import {
  afterCursor,
  bboxFilters,
  MAP_LIMIT,
  SEARCH_PAGE_SIZE,
  type SearchCursor,
  type SearchFilter,
  type SearchPage,
  searchFilters,
  searchOrder,
  toSearchPage,
} from '../search-query'

function selectListings(filters: SearchFilter[], withCount: boolean) {
  let query = getPublicDb()
    .from('listings')
    .select(LISTING_COLUMNS, withCount ? { count: 'exact' } : {})
  for (const filter of filters) query = query.filter(filter.column, filter.operator, filter.value)
  return query
}

const ordered = <Q extends { order(column: string, options: { ascending: boolean }): Q }>(
  query: Q,
  search: HomeSearch,
): Q => searchOrder(sortOf(search)).reduce((q, by) => q.order(by.column, { ascending: by.ascending }), query)

/**
 * One page of a search from the server (kept on the device), in its order, starting after `cursor` (or at the top when null).
 * The first page also counts every match exactly.
 */
export async function fetchSearchPage(search: HomeSearch, cursor: SearchCursor | null): Promise<SearchPage> {
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  let query = selectListings(filters, cursor === null)
  if (cursor) {
    const after = afterCursor(sortOf(search), cursor)
    query = query.filter(after.bound.column, after.bound.operator, after.bound.value).or(after.or)
  }
  const { data, error, count } = await ordered(query, search).limit(SEARCH_PAGE_SIZE + 1)
  if (error) throw toAppError(error)
  const page = toSearchPage(parseListingRows(data), cursor === null ? (count ?? null) : null)
  // Kept on the device as they are seen, so the same search finds them offline.
  void mirrorListings(page.listings)
  return page
}

/** Up to MAP_LIMIT homes of a search inside its map area, with the exact count of all of them. */
export async function fetchSearchMap(search: HomeSearch): Promise<{ listings: Listing[]; total: number }> {
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  const { data, error, count } = await ordered(selectListings(filters, true), search).limit(MAP_LIMIT)
  if (error) throw toAppError(error)
  const listings = parseListingRows(data)
  return { listings, total: count ?? listings.length }
}
