import { factRefusal } from '../../components/listing-form/fact-refusals'
import {
  type ImageChoice,
  LISTING_FIELD_ORDER,
  LISTING_MESSAGES,
  type ListingDraft,
  type ListingField,
  validateListing,
} from '../../components/listing-form/listing-schema'
import type { ListingFormText as DraftValues } from '../../types/listing'
import { monthlyRentPaid } from '../../utils/property-facts'
import { toDraftValues } from './draft-values'

export type DraftCheck =
  | { ok: true; listing: ListingDraft }
  | { ok: false; errors: Partial<Record<ListingField, string>>; reason: string }

/** A kept photo as the form's image rule sees it. */
export const photoChoice = (photo: { name: string; blob: Blob }): ImageChoice => ({
  name: photo.name,
  type: photo.blob.type,
  size: photo.blob.size,
})

/**
 * Reads a draft by the Create form's rules, photos included: the listing to publish, or every field's
 * message and the first of them in the form's order (the reason shown on the draft).
 */
export function checkDraft(
  values: DraftValues,
  photos: readonly { name: string; blob: Blob }[],
  geocoding: boolean,
): DraftCheck {
  const result = validateListing(
    { ...toDraftValues(values), images: photos.map(photoChoice) },
    { images: 'required', coordinates: geocoding ? 'geocoded' : 'manual' },
  )
  if (result.ok) return { ok: true, listing: result.draft }
  const first = LISTING_FIELD_ORDER.map((field) => result.errors[field]).find((message) => message)
  return { ok: false, errors: result.errors, reason: first ?? LISTING_MESSAGES.addressNotFound }
}

/**
 * The field messages a draft reopens with: what its values break, the address the geocoder did not find, and
 * a fact the database refused (by its constraint's name).
 */
export function draftFieldErrors(
  values: DraftValues,
  photos: readonly { name: string; blob: Blob }[],
  reason: string | null,
  geocoding: boolean,
): Partial<Record<ListingField, string>> {
  const checked = checkDraft(values, photos, geocoding)
  const errors = checked.ok ? {} : { ...checked.errors }
  if (reason === LISTING_MESSAGES.addressNotFound) errors.address ??= reason
  const refused = reason ? factRefusal(reason, checked.ok ? rentOf(checked.listing) : null) : null
  if (refused) errors[refused.field] ??= refused.message
  return errors
}

const rentOf = (listing: ListingDraft) => (listing.type === 'rent' ? monthlyRentPaid(listing) : null)
