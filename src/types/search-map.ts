import type { AreaPoint } from '../utils/area'
import type { Tables } from './database'
import type { Bbox } from './home-search'
import type { ListingRow } from './listing'

/** A home as the search map draws it: a listing's columns, the price a person pays and its cover. */
export type MapHome = Pick<ListingRow, 'id' | 'type' | 'name' | 'location' | 'latitude' | 'longitude'> & {
  price: NonNullable<Tables<'listings'>['effective_price']>
  coverUrl: string | null
}

/**
 * Homes the server counted in one cell of a grid (too many to draw one by one): drawn as a cluster with its
 * count at the centre of its homes; `bbox` is the cell, which a tap searches.
 */
export type MapCluster = { key: string; homes: number; latitude: number; longitude: number; bbox: Bbox }

/** What the search map takes: the search feature renders it, the map feature draws it. */
export type SearchMapProps = {
  homes: MapHome[]
  /** Where the server counted homes instead of sending them (country zoom): drawn as clusters. */
  clusters: MapCluster[]
  /** Every home the search found; more than `homes.length` when the map shows only the first 500 or clusters
   * (exact below 1,000, else 1,000 or 1,001: `1,000+`). */
  total: number
  /** The search's area, if it has one: the map opens on it instead of on the homes. */
  bbox: Bbox | null
  onSearchArea: (bbox: Bbox) => void
  /** The search's drawn area, if it has one: drawn on the map, which opens on it when it has no bbox. */
  area: AreaPoint[] | null
  /** A shape drawn on the map (an encoded polyline, utils/area.ts), or null when the drawn area is cleared. */
  onDrawArea: (area: string | null) => void
  listingHref: (home: MapHome) => string
}
