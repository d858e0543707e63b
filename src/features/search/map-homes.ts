import type { Listing, MapHomeRow } from '../../types/listing'
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

/** A home as the map places it, from the server's map columns (MAP_HOME_COLUMNS). */
export function toMapHome(row: MapHomeRow): MapHome {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    location: row.location,
    price: askingPrice({
      type: row.type,
      offer: row.offer,
      discountedPrice: row.discounted_price,
      regularPrice: row.regular_price,
    }),
    latitude: row.latitude,
    longitude: row.longitude,
    coverUrl: row.cover_url,
  }
}

export const listingHref = (home: Pick<MapHome, 'id' | 'type'>) => `/category/${home.type}/${home.id}`
