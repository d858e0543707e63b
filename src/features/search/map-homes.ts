import type { Listing } from '../../types/listing'
import type { MapHome } from '../../types/search-map'
import { askingPrice } from '../../utils/format-price'

/** The homes as the map places them. */
export function toMapHomes(listings: Listing[]): MapHome[] {
  return listings.map((listing) => ({
    id: listing.id,
    type: listing.type,
    name: listing.name,
    location: listing.location,
    price: askingPrice(listing),
    latitude: listing.geolocation.lat,
    longitude: listing.geolocation.lng,
    coverUrl: listing.imageUrls[0] ?? null,
  }))
}

export const listingHref = (home: Pick<MapHome, 'id' | 'type'>) => `/category/${home.type}/${home.id}`
