// A search's map, apart from its list: only the map view (loaded when the map opens) reads it, so the
// first render of /search does not carry it. What it asks for, and in what order, is map-plan.ts's.
import { toAppError } from '../../../lib/errors'
import { getPublicDb } from '../../../lib/supabase'
import { type HomeSearch, parseBbox } from '../../../types/home-search'
import { MAP_HOME_COLUMNS, parseMapHomeRows } from '../../../types/listing'
import type { MapCluster, MapHome } from '../../../types/search-map'
import { toMapHome } from '../map-homes'
import { mapOfSearch, type SearchMapData } from '../map-plan'
import { countSearch, searchHomes } from './search-homes'

const WORLD = [-180, -90, 180, 90] as const

/** A search's map from the server (mapOfSearch). */
export function fetchSearchMap(search: HomeSearch): Promise<SearchMapData> {
  const box = (search.bbox ? parseBbox(search.bbox) : null) ?? WORLD
  return mapOfSearch(search, box, {
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
  return parseMapHomeRows(await searchHomes(search, null, limit, MAP_HOME_COLUMNS)).map(toMapHome)
}
