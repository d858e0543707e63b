import type { Listing } from '../types/listing'
import type { EditFields } from '../types/listing-edit'

// How a listing becomes the fields an edit compares and sends, and back.

/** A listing's editable fields, as the server names them. */
export function editFieldsOf(listing: Listing): EditFields {
  return {
    type: listing.type,
    name: listing.name,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    parking: listing.parking,
    furnished: listing.furnished,
    location: listing.location,
    description: listing.description ?? null,
    offer: listing.offer,
    regular_price: listing.regularPrice,
    discounted_price: listing.offer ? listing.discountedPrice : null,
    latitude: listing.geolocation.lat,
    longitude: listing.geolocation.lng,
    status: listing.status ?? 'available',
  }
}

/** A listing with an edit's fields laid over it (what the device shows while the edit waits). */
export function withFields(listing: Listing, fields: EditFields, imageUrls: string[]): Listing {
  return {
    ...listing,
    type: fields.type,
    name: fields.name,
    bedrooms: fields.bedrooms,
    bathrooms: fields.bathrooms,
    parking: fields.parking,
    furnished: fields.furnished,
    location: fields.location,
    description: fields.description,
    offer: fields.offer,
    regularPrice: fields.regular_price,
    discountedPrice: fields.discounted_price,
    // An address changed offline keeps the old place on the device until it is looked up.
    geolocation:
      fields.latitude !== null && fields.longitude !== null
        ? { lat: fields.latitude, lng: fields.longitude }
        : listing.geolocation,
    status: fields.status,
    imageUrls,
  }
}
