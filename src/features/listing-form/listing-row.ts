import type { ListingDraft } from './listing-schema'

/** What is saved of a listing: the draft with its place and photo URLs; form-only fields are left out (spec §3). */
export type ListingRow = Omit<ListingDraft, 'images' | 'coordinates'> & {
  coordinates: { lat: number; lng: number }
  imageUrls: string[]
}

/** The public.listings columns for a listing; the discounted price is kept only with an offer. */
export function toListingRow(listing: ListingRow) {
  return {
    type: listing.type,
    name: listing.name,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    parking: listing.parking,
    furnished: listing.furnished,
    location: listing.location,
    offer: listing.offer,
    regular_price: listing.regularPrice,
    discounted_price: listing.offer ? listing.discountedPrice : null,
    image_urls: listing.imageUrls,
    latitude: listing.coordinates.lat,
    longitude: listing.coordinates.lng,
  }
}
