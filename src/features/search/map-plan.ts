// What a search's map asks the server for, and in what order (mapOfSearch): apart from the requests
// themselves (api/search-map-data.ts), so the bench sends what the app sends.
import type { HomeSearch } from '../../types/home-search'
import type { MapCluster, MapHome } from '../../types/search-map'
import { MAP_LIMIT } from './search-query'

/** The grid sizes of listing_clusters, in degrees, finest first. */
export const CLUSTER_CELLS = [0.015625, 0.0625, 0.25, 1] as const
/** A map of clusters has at most about this many cells across its wider side. */
const CELLS_ACROSS = 24

/** The grid for a box: the finest whose cells number at most CELLS_ACROSS across it. */
export function clusterCell([west, south, east, north]: readonly number[]): number {
  const span = Math.max((east ?? 0) - (west ?? 0), (north ?? 0) - (south ?? 0))
  return CLUSTER_CELLS.find((cell) => span / cell <= CELLS_ACROSS) ?? 1
}

/** Whether the map's clusters can stand for a search's homes: they count by type and offer only (every home on the market, anywhere in the box). */
const clusterable = (search: HomeSearch) =>
  !search.q?.trim() &&
  search.place === undefined &&
  !search.keywords &&
  !search.area &&
  search.minPrice === undefined &&
  search.maxPrice === undefined &&
  search.minBeds === undefined &&
  search.minBaths === undefined &&
  !search.parking &&
  !search.furnished &&
  search.underOffer !== false &&
  !search.propertyType &&
  search.minArea === undefined &&
  !search.epc &&
  !search.pets &&
  !search.bills &&
  !search.availableBy

/** A search's map: its homes, or where there are too many to draw, clusters that count them. */
export type SearchMapData = { homes: MapHome[]; clusters: MapCluster[]; total: number }

/** What fetchSearchMap asks the server for: a search's homes (up to `limit`), its capped count, its clusters. */
export type MapAnswers = {
  homes(limit: number): Promise<MapHome[]>
  count(): Promise<number>
  clusters(cell: number): Promise<MapCluster[]>
}

/** From this many homes on, a count is shown as `1,000+` (formatHomeCount); the server counts one further. */
const COUNTED_AS_MANY = 1000

/**
 * The homes of the clusters whose cells lie wholly inside the box: each of those homes is in the box, so the
 * search finds at least this many. A cell on the box's edge may hold homes outside it, and is left out.
 */
export function homesWithin(
  clusters: readonly MapCluster[],
  [west, south, east, north]: readonly number[],
): number {
  let homes = 0
  for (const { bbox, homes: n } of clusters) {
    if (
      bbox[0] >= (west ?? -180) &&
      bbox[1] >= (south ?? -90) &&
      bbox[2] <= (east ?? 180) &&
      bbox[3] <= (north ?? 90)
    )
      homes += n
  }
  return homes
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
 * count, in one round trip. Only a busier area is counted, alongside its clusters.
 *
 * A wider area that clusters can stand for asks for its clusters first. Their cells wholly inside the area hold
 * homes the search finds, so 1,000 of them there make the count `1,000+` without counting (a country, a region);
 * clusters holding MAP_LIMIT homes or fewer in all are no more homes than the map draws, so those homes are asked
 * for and their number is the count. Only between the two is the area counted. A wider area with other filters
 * asks for the count first, and then for clusters or homes.
 */
export async function mapOfSearch(
  search: HomeSearch,
  box: readonly number[],
  ask: MapAnswers,
): Promise<SearchMapData> {
  const cell = clusterCell(box)
  if (cell !== CLUSTER_CELLS[0] && clusterable(search)) {
    const clusters = await ask.clusters(cell)
    const within = homesWithin(clusters, box)
    if (within >= COUNTED_AS_MANY)
      return { homes: [], clusters, total: Math.min(within, COUNTED_AS_MANY + 1) }
    if (clusters.reduce((sum, c) => sum + c.homes, 0) <= MAP_LIMIT) {
      const homes = await ask.homes(MAP_LIMIT)
      return { homes, clusters: [], total: homes.length }
    }
    const total = await ask.count()
    if (total > MAP_LIMIT) return { homes: [], clusters, total }
    return { homes: await ask.homes(MAP_LIMIT), clusters: [], total }
  }
  if (cell !== CLUSTER_CELLS[0]) {
    const total = await ask.count()
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
