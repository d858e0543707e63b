import type { TableInsert } from '@/types/database'
import type { Listing } from '@/types/listing'
import type { ListingDraft, ListingFormValues } from './listing-schema'

// How the form's shapes meet the others: a saved listing becomes the edit form's values, and a validated
// listing becomes the columns written to public.listings (their type comes from src/types/database.ts).

/** The columns of public.listings the owner writes; id, owner and times are the server's (or the draft's id). */
export type ListingColumns = Omit<TableInsert<'listings'>, 'id' | 'updated_at' | 'user_ref'>

/** The public.listings row a draft becomes, under its own id. */
export type DraftListingRow = ListingColumns & { id: string }

/** A validated listing with its place and photo URLs: what is written. */
export type PlacedListing = Omit<ListingDraft, 'images' | 'coordinates'> & {
  coordinates: { lat: number; lng: number }
  imageUrls: string[]
}

/** The columns for a listing; the discounted price is kept only with an offer (spec §3). */
export function toListingColumns(listing: PlacedListing): ListingColumns {
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

export function draftListingRow(
  id: string,
  listing: ListingDraft,
  coordinates: { lat: number; lng: number },
  imageUrls: string[],
): DraftListingRow {
  return { id, ...toListingColumns({ ...listing, coordinates, imageUrls }) }
}

/** The edit form's starting values: the saved listing, images left out (they cannot change on edit). */
export function toFormValues(listing: Listing): ListingFormValues {
  return {
    type: listing.type,
    name: listing.name,
    bedrooms: String(listing.bedrooms),
    bathrooms: String(listing.bathrooms),
    parking: listing.parking,
    furnished: listing.furnished,
    address: listing.location,
    offer: listing.offer,
    regularPrice: String(listing.regularPrice),
    discountedPrice: listing.offer && listing.discountedPrice !== null ? String(listing.discountedPrice) : '',
    latitude: listing.geolocation === null ? '' : String(listing.geolocation.lat),
    longitude: listing.geolocation === null ? '' : String(listing.geolocation.lng),
    images: [],
  }
}
