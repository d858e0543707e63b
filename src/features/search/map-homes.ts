import type { Bbox } from '../../types/home-search'
import type { Listing } from '../../types/listing'
import { askingPrice } from '../../utils/format-price'

/** A home as the search map draws it. */
export type MapHome = {
  id: string
  type: 'rent' | 'sale'
  name: string
  location: string
  /** The price a person pays. */
  price: number
  latitude: number
  longitude: number
  coverUrl: string | null
}

/** What the search map needs: the homes with a position, the count of all matches, the area searched. */
export type SearchMapProps = {
  homes: MapHome[]
  total: number
  bbox: Bbox | null
  onSearchArea: (bbox: Bbox) => void
  listingHref: (home: MapHome) => string
}

/** The homes a map can place (those with a position). */
export function toMapHomes(listings: Listing[]): MapHome[] {
  return listings.flatMap((listing) =>
    listing.geolocation
      ? [
          {
            id: listing.id,
            type: listing.type,
            name: listing.name,
            location: listing.location,
            price: askingPrice(listing),
            latitude: listing.geolocation.lat,
            longitude: listing.geolocation.lng,
            coverUrl: listing.imageUrls[0] ?? null,
          },
        ]
      : [],
  )
}

export const listingHref = (home: Pick<MapHome, 'id' | 'type'>) => `/category/${home.type}/${home.id}`
