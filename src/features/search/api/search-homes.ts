import { mirrorListings } from '../../../device/listings'
import { earlyListings } from '../../../first-screen/early-listings'
import { toAppError } from '../../../lib/errors'
import { countListings, getPublicDb, type PublicDb } from '../../../lib/supabase'
import type { Database } from '../../../types/database'
import { type HomeSearch, parseBbox, sortOf } from '../../../types/home-search'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import type { MapCluster } from '../../../types/search-map'
import { searchWords } from '../../../utils/match-listings'
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
function selectListings(db: PublicDb, filters: SearchFilter[]) {
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

const ordered = <Q extends { order(column: string, options: OrderOptions): Q }>(
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
  const page = toSearchPage(rows, await count)
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

/** The grid sizes of listing_clusters, in degrees, finest first. */
export const CLUSTER_CELLS = [0.015625, 0.0625, 0.25, 1] as const
/** A map of clusters has at most about this many cells across its wider side. */
const CELLS_ACROSS = 24
const WORLD = [-180, -90, 180, 90] as const

/** The grid for a box: the finest whose cells number at most CELLS_ACROSS across it. */
export function clusterCell([west, south, east, north]: readonly number[]): number {
  const span = Math.max((east ?? 0) - (west ?? 0), (north ?? 0) - (south ?? 0))
  return CLUSTER_CELLS.find((cell) => span / cell <= CELLS_ACROSS) ?? 1
}

/** Whether the map's clusters can stand for a search's homes: they count by type and offer only (every home on the market). */
const clusterable = (search: HomeSearch) =>
  !search.q?.trim() &&
  search.minPrice === undefined &&
  search.maxPrice === undefined &&
  search.minBeds === undefined &&
  search.minBaths === undefined &&
  !search.parking &&
  !search.furnished &&
  search.underOffer !== false

/** A search's map: its homes, or where there are too many to draw, clusters that count them. */
export type SearchMapData = { listings: Listing[]; clusters: MapCluster[]; total: number }

/**
 * A search's map. First the capped count of its homes in the area; up to MAP_LIMIT, the homes themselves
 * (in the search's order); more, and the search filters by type and offer only, clusters from
 * listing_clusters, each counting the homes of one grid cell (the grid fine enough for about 24 cells
 * across the area), whatever the table holds. Other filters with more than MAP_LIMIT homes: the first
 * MAP_LIMIT homes, as before. `total` is the capped count (exact below 1,000).
 */
export async function fetchSearchMap(search: HomeSearch): Promise<SearchMapData> {
  const db = await getPublicDb()
  const total = await countSearch(search)
  if (total > MAP_LIMIT && clusterable(search)) {
    const box = (search.bbox ? parseBbox(search.bbox) : null) ?? WORLD
    const [west, south, east, north] = box
    const cell = clusterCell(box)
    const { data, error } = await db.rpc(
      'map_clusters',
      {
        cell,
        west,
        south,
        east,
        north,
        ...(search.type ? { type: search.type } : {}),
        ...(search.offer ? { offer: true } : {}),
      },
      { get: true },
    )
    if (error) throw toAppError(error)
    const clusters = (data ?? []).map(
      (row): MapCluster => ({
        key: `${cell}:${row.cell_x}:${row.cell_y}`,
        homes: row.homes,
        latitude: row.latitude,
        longitude: row.longitude,
        bbox: [row.cell_x * cell, row.cell_y * cell, (row.cell_x + 1) * cell, (row.cell_y + 1) * cell],
      }),
    )
    return { listings: [], clusters, total }
  }
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  const { data, error } = await ordered(selectListings(db, filters), search).limit(MAP_LIMIT)
  if (error) throw toAppError(error)
  return { listings: parseListingRows(data), clusters: [], total }
}
