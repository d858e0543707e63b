import { toListingRow } from '../listing-row'
import type { ListingDraft } from '../listing-schema'

/** The public.listings row a draft becomes, under its own id. */
export type DraftListingRow = ReturnType<typeof toListingRow> & { id: string }

export function draftListingRow(
  id: string,
  listing: ListingDraft,
  coordinates: { lat: number; lng: number },
  imageUrls: string[],
): DraftListingRow {
  return { id, ...toListingRow({ ...listing, coordinates, imageUrls }) }
}
