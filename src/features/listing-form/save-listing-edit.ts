import { env } from '../../config/env'
import { geocodeAddress } from './api/geocode-address'
import { updateListing } from './api/update-listing'
import { LISTING_MESSAGES, type ListingDraft } from './listing-schema'
import { PUBLISH_MESSAGES, type PublishOutcome } from './publish-outcome'

type Coordinates = { lat: number; lng: number }

/** The listing's place: typed in, kept from before when the address did not change, or geocoded. */
async function locate(
  draft: ListingDraft,
  saved: { location: string; coordinates: Coordinates | null },
): Promise<Coordinates | PublishOutcome> {
  if (draft.coordinates) return draft.coordinates
  if (saved.coordinates && saved.location === draft.location) return saved.coordinates
  if (!env.geocoding) return { status: 'invalid', errors: { address: LISTING_MESSAGES.addressNotFound } }
  try {
    const found = await geocodeAddress(draft.location)
    return found ?? { status: 'invalid', errors: { address: LISTING_MESSAGES.addressNotFound } }
  } catch {
    return { status: 'failed', message: PUBLISH_MESSAGES.geocoderDown }
  }
}

/** Edit: geocode only a changed address, then update the listing's fields at once (never its photos). */
export async function saveListingEdit(
  draft: ListingDraft,
  listingId: string,
  saved: { location: string; coordinates: Coordinates | null },
): Promise<PublishOutcome> {
  const coordinates = await locate(draft, saved)
  if ('status' in coordinates) return coordinates
  try {
    await updateListing(listingId, { ...draft, coordinates })
  } catch {
    return { status: 'failed', message: PUBLISH_MESSAGES.notSaved }
  }
  return { status: 'published', listingId, type: draft.type }
}
