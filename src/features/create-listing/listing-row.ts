import type { ListingDraft } from '../../components/listing-form/listing-schema'
import type { TablesInsert } from '../../types/database'
import { writtenColumns } from '../../utils/listing-fields'

// The row a checked draft becomes in public.listings (the columns' type comes from src/types/database.ts).

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
  | 'keywords'
  | 'place_ids'

/** The columns of public.listings the owner writes. */
export type ListingColumns = Omit<TablesInsert<'listings'>, ServerColumn>

/** The public.listings row a draft becomes, under its own id. */
export type DraftListingRow = ListingColumns & { id: string }

/** A validated listing with its place and photo URLs: what is written. */
export type PlacedListing = Omit<ListingDraft, 'images' | 'coordinates'> & {
  coordinates: { lat: number; lng: number }
  imageUrls: string[]
}

/** The columns for a listing: what the person wrote (the one field map), its photos and its place. */
export function toListingColumns(listing: PlacedListing): ListingColumns {
  return {
    ...writtenColumns(listing),
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
