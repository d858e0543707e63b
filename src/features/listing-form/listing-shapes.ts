import type { TablesInsert } from '../../types/database'
import type { Listing } from '../../types/listing'
import type { ListingDraft, ListingFormValues } from './listing-schema'

// How the form's shapes meet the others: a saved listing becomes the edit form's values, and a validated
// listing becomes the columns written to public.listings (their type comes from src/types/database.ts).

/** Columns of public.listings the server sets: id, owner and times (the draft's id apart), the market's moves. */
type ServerColumn =
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'user_ref'
  | 'status_changed_at'
  | 'off_market_at'
  | 'price_reduced_at'
  | 'price_reduced_by'
  | 'version'
  | 'effective_price'
  | 'search_text'

/** The columns of public.listings the owner writes. */
export type ListingColumns = Omit<TablesInsert<'listings'>, ServerColumn>

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
    description: listing.description ?? null,
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
    description: listing.description ?? '',
    offer: listing.offer,
    regularPrice: String(listing.regularPrice),
    discountedPrice: listing.offer && listing.discountedPrice !== null ? String(listing.discountedPrice) : '',
    latitude: String(listing.geolocation.lat),
    longitude: String(listing.geolocation.lng),
    images: [],
  }
}
