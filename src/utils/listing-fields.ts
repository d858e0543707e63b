import type { Listing, ListingDescriptionKey, ListingRow } from '../types/listing'
import type { EditFields } from '../types/listing-edit'
import { type FactColumns, factColumns, factsOfColumns } from './property-fact-columns'
import type { PropertyFacts } from './property-facts'

// The one field map: how the fields a person writes are named in the app (a Listing, a checked form) and in
// public.listings, both ways. Publishing a draft, editing a listing and showing a waiting edit all use it.

/** The fields a person writes, as the app names them (a copy kept before the property facts has none). */
export type WrittenFields = Pick<Listing, ListingDescriptionKey | 'regularPrice' | 'discountedPrice'> &
  Partial<PropertyFacts>

/** The same fields as public.listings names them. */
export type WrittenColumns = Pick<ListingRow, ListingDescriptionKey | 'regular_price' | 'discounted_price'> &
  FactColumns

/** The columns of what a person wrote; the discounted price is kept only with an offer (spec §3). */
export function writtenColumns(fields: WrittenFields): WrittenColumns {
  return {
    type: fields.type,
    name: fields.name,
    bedrooms: fields.bedrooms,
    bathrooms: fields.bathrooms,
    parking: fields.parking,
    furnished: fields.furnished,
    location: fields.location,
    description: fields.description ?? null,
    offer: fields.offer,
    regular_price: fields.regularPrice,
    discounted_price: fields.offer ? fields.discountedPrice : null,
    ...factColumns(fields),
  }
}

/** What a person wrote, from its columns. */
export function writtenFields(columns: WrittenColumns): Required<WrittenFields> {
  const facts: PropertyFacts = factsOfColumns(columns)
  return {
    type: columns.type,
    name: columns.name,
    bedrooms: columns.bedrooms,
    bathrooms: columns.bathrooms,
    parking: columns.parking,
    furnished: columns.furnished,
    location: columns.location,
    description: columns.description,
    offer: columns.offer,
    regularPrice: columns.regular_price,
    discountedPrice: columns.discounted_price,
    ...facts,
  }
}

/** A listing's editable fields, as the server names them. */
export function editFieldsOf(listing: Listing): EditFields {
  return {
    ...writtenColumns(listing),
    latitude: listing.geolocation.lat,
    longitude: listing.geolocation.lng,
    status: listing.status ?? 'available',
  }
}

/** The fields a checked form becomes, with its place (null: looked up when sent) and status. */
export function editFieldsOfForm(
  form: WrittenFields,
  coordinates: { lat: number; lng: number } | null,
  status: EditFields['status'],
): EditFields {
  return {
    ...writtenColumns(form),
    latitude: coordinates?.lat ?? null,
    longitude: coordinates?.lng ?? null,
    status,
  }
}

/** A listing with an edit's fields laid over it (what the device shows while the edit waits). */
export function withFields(listing: Listing, fields: EditFields, imageUrls: string[]): Listing {
  return {
    ...listing,
    ...writtenFields(fields),
    // An address changed offline keeps the old place on the device until it is looked up.
    geolocation:
      fields.latitude !== null && fields.longitude !== null
        ? { lat: fields.latitude, lng: fields.longitude }
        : listing.geolocation,
    status: fields.status,
    imageUrls,
  }
}
