import type { ListingFormValues } from '../../components/listing-form/listing-schema'
import { factValuesOf } from '../../components/listing-form/property-facts-schema'
import type { Listing } from '../../types/listing'

/** The edit form's starting values: the saved listing as typed text, images apart (the edit's photos show them). */
export function toFormValues(listing: Listing): ListingFormValues {
  return {
    type: listing.type,
    name: listing.name,
    bedrooms: String(listing.bedrooms),
    bathrooms: String(listing.bathrooms),
    parking: listing.parking,
    furnished: listing.furnished,
    address: listing.location,
    description: listing.description ?? '',
    offer: listing.offer,
    regularPrice: String(listing.regularPrice),
    discountedPrice: listing.offer && listing.discountedPrice !== null ? String(listing.discountedPrice) : '',
    latitude: String(listing.geolocation.lat),
    longitude: String(listing.geolocation.lng),
    // Every fact the listing has, as text: saving it unchanged writes the same values back.
    ...factValuesOf(listing),
    images: [],
  }
}
