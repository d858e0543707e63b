// A search's map, apart from its list: only the map view (loaded when the map opens) reads it, so the
// first render of /search does not carry it.
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { type HomeSearch, parseBbox } from '../../../types/home-search'
import { MAP_HOME_COLUMNS, parseMapHomeRows } from '../../../types/listing'
import type { MapCluster, MapHome } from '../../../types/search-map'
import { toMapHome } from '../map-homes'
import { bboxFilters, MAP_LIMIT, searchFilters } from '../search-query'
import { countSearch, ordered } from './search-homes'

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
export type SearchMapData = { homes: MapHome[]; clusters: MapCluster[]; total: number }

/** What fetchSearchMap asks the server for: a search's homes (up to `limit`), its capped count, its clusters. */
export type MapAnswers = {
  homes(limit: number): Promise<MapHome[]>
  count(): Promise<number>
  clusters(cell: number): Promise<MapCluster[]>
}

/**
 * A search's map: the capped count of its homes in the area, and up to MAP_LIMIT of the homes themselves (in the
 * search's order); or, with more than MAP_LIMIT and a search that filters by type and offer only, clusters from
 * listing_clusters, each counting the homes of one grid cell (the grid fine enough for about 24 cells across the
 * area), whatever the table holds. Other filters with more than MAP_LIMIT homes: the first MAP_LIMIT homes.
 * `total` is the capped count (exact below 1,000).
 *
 * An area of the finest grid (a town or part of a city) seldom holds more than MAP_LIMIT homes, so only its homes
 * are asked for, one more than MAP_LIMIT: as many as that or fewer are all of them, and their number is the
 * count, in one round trip. Only a busier area is counted, alongside its clusters. A wider area asks for the
 * count first, and then for clusters or homes.
 */
export async function mapOfSearch(search: HomeSearch, cell: number, ask: MapAnswers): Promise<SearchMapData> {
  if (cell !== CLUSTER_CELLS[0]) {
    const total = await ask.count()
    if (total > MAP_LIMIT && clusterable(search))
      return { homes: [], clusters: await ask.clusters(cell), total }
    return { homes: await ask.homes(MAP_LIMIT), clusters: [], total }
  }
  const found = await ask.homes(MAP_LIMIT + 1)
  if (found.length <= MAP_LIMIT) return { homes: found, clusters: [], total: found.length }
  if (clusterable(search)) {
    const [total, clusters] = await Promise.all([ask.count(), ask.clusters(cell)])
    return { homes: [], clusters, total }
  }
  return { homes: found.slice(0, MAP_LIMIT), clusters: [], total: await ask.count() }
}

/** A search's map from the server (mapOfSearch). */
export function fetchSearchMap(search: HomeSearch): Promise<SearchMapData> {
  const box = (search.bbox ? parseBbox(search.bbox) : null) ?? WORLD
  return mapOfSearch(search, clusterCell(box), {
    homes: (limit) => fetchMapHomes(search, limit),
    count: () => countSearch(search),
    clusters: (cell) => fetchClusters(search, box, cell),
  })
}

/** The clusters of a box at one grid: the homes of each cell, by type and offer. */
async function fetchClusters(
  search: HomeSearch,
  box: readonly number[],
  cell: number,
): Promise<MapCluster[]> {
  const db = await getPublicDb()
  const [west = -180, south = -90, east = 180, north = 90] = box
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
  return (data ?? []).map(
    (row): MapCluster => ({
      key: `${cell}:${row.cell_x}:${row.cell_y}`,
      homes: row.homes,
      latitude: row.latitude,
      longitude: row.longitude,
      bbox: [row.cell_x * cell, row.cell_y * cell, (row.cell_x + 1) * cell, (row.cell_y + 1) * cell],
    }),
  )
}

/**
 * The first `limit` homes of a search in its area, with only what a marker and its card show: the list, not the
 * map, is where a home's whole row comes from.
 */
async function fetchMapHomes(search: HomeSearch, limit: number): Promise<MapHome[]> {
  const db = await getPublicDb()
  const filters = [...searchFilters(search), ...bboxFilters(search.bbox)]
  let query = db.from('market_listings').select(MAP_HOME_COLUMNS)
  for (const filter of filters) query = query.filter(filter.column, filter.operator, filter.value)
  const { data, error } = await ordered(query, search).limit(limit)
  if (error) throw toAppError(error)
  return parseMapHomeRows(data).map(toMapHome)
}
