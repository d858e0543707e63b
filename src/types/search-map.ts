import type { Tables } from './database'
import type { Bbox } from './home-search'
import type { ListingRow } from './listing'

/** A home as the search map draws it: a listing's columns, the price a person pays and its cover. */
export type MapHome = Pick<ListingRow, 'id' | 'type' | 'name' | 'location' | 'latitude' | 'longitude'> & {
  price: NonNullable<Tables<'listings'>['effective_price']>
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
