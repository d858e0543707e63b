import type { Bbox } from './home-search'

/** A home as the search map draws it. `price` is the price a person pays. */
export type MapHome = {
  id: string
  type: 'rent' | 'sale'
  name: string
  location: string
  price: number
  latitude: number
  longitude: number
  coverUrl: string | null
}

/** What the search map takes: the search feature renders it, the map feature draws it. */
export type SearchMapProps = {
  homes: MapHome[]
  /** Every home the search found; more than `homes.length` when the map shows only the first 500. */
  total: number
  /** The search's area, if it has one: the map opens on it instead of on the homes. */
  bbox: Bbox | null
  onSearchArea: (bbox: Bbox) => void
  listingHref: (home: MapHome) => string
}
