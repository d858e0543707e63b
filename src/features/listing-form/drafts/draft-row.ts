import type { DraftValues } from '../../../lib/local-db'
import { toListingRow } from '../listing-row'
import { LISTING_MESSAGES, type ListingDraft, validateListing } from '../listing-schema'

/** The public.listings row a draft becomes, under its own id. */
export type DraftListingRow = ReturnType<typeof toListingRow> & { id: string }

/** A draft's values read by the form's rules (photos are checked when the draft is saved). */
export function readDraftValues(
  values: DraftValues,
  geocoding: boolean,
): { ok: true; listing: ListingDraft } | { ok: false; reason: string } {
  const result = validateListing(
    { ...values, images: [] },
    { images: 'none', coordinates: geocoding ? 'geocoded' : 'manual' },
  )
  if (result.ok) return { ok: true, listing: result.draft }
  const first = Object.values(result.errors).find((message) => message !== undefined)
  return { ok: false, reason: first ?? LISTING_MESSAGES.addressNotFound }
}

export function draftListingRow(
  id: string,
  listing: ListingDraft,
  coordinates: { lat: number; lng: number },
  imageUrls: string[],
): DraftListingRow {
  return { id, ...toListingRow({ ...listing, coordinates, imageUrls }) }
}
