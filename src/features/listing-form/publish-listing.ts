import { env } from '../../config/env'
import { createListing } from './api/create-listing'
import { geocodeAddress } from './api/geocode-address'
import { removeListingImages } from './api/remove-listing-images'
import { updateListing } from './api/update-listing'
import { type UploadedImage, uploadListingImage } from './api/upload-listing-image'
import { LISTING_MESSAGES, type ListingDraft, type ListingField } from './listing-schema'

/** How a publish ended: saved, sent back to the form with field errors, or failed with a toast. */
export type PublishOutcome =
  | { status: 'published'; listingId: string; type: ListingDraft['type'] }
  | { status: 'invalid'; errors: Partial<Record<ListingField, string>> }
  | { status: 'failed'; message: string }

export const PUBLISH_MESSAGES = {
  imagesNotUploaded: 'Images not uploaded',
  geocoderDown: 'Could not check the address. Please try again.',
  notSaved: 'Could not save the listing. Please try again.',
} as const

type Coordinates = { lat: number; lng: number }

/** The listing's place: typed in, kept from before when the address did not change, or geocoded. */
async function locate(
  draft: ListingDraft,
  saved?: { location: string; coordinates: Coordinates | null },
): Promise<Coordinates | PublishOutcome> {
  if (draft.coordinates) return draft.coordinates
  if (saved?.coordinates && saved.location === draft.location) return saved.coordinates
  if (!env.geocoding) return { status: 'invalid', errors: { address: LISTING_MESSAGES.addressNotFound } }
  try {
    const found = await geocodeAddress(draft.location)
    return found ?? { status: 'invalid', errors: { address: LISTING_MESSAGES.addressNotFound } }
  } catch {
    return { status: 'failed', message: PUBLISH_MESSAGES.geocoderDown }
  }
}

const isOutcome = (value: Coordinates | PublishOutcome): value is PublishOutcome => 'status' in value

/** Uploads every photo (the first is the cover); on any failure removes those already stored. */
async function uploadAll(
  images: readonly Blob[],
  place: { userId: string; listingId: string },
  onProgress: (done: number, total: number) => void,
): Promise<UploadedImage[] | null> {
  let done = 0
  onProgress(0, images.length)
  const results = await Promise.allSettled(
    images.map(async (image, index) => {
      const uploaded = await uploadListingImage(image, { ...place, index })
      done += 1
      onProgress(done, images.length)
      return uploaded
    }),
  )
  const uploaded = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  if (uploaded.length === images.length) return uploaded
  await removeListingImages(uploaded.map((u) => u.path)).catch(() => undefined)
  return null
}

/** Create: geocode, upload the photos, then insert the listing under the id the form chose. */
export async function publishNewListing(
  draft: ListingDraft,
  images: readonly Blob[],
  place: { userId: string; listingId: string },
  onProgress: (done: number, total: number) => void,
): Promise<PublishOutcome> {
  const coordinates = await locate(draft)
  if (isOutcome(coordinates)) return coordinates
  const uploaded = await uploadAll(images, place, onProgress)
  if (!uploaded) return { status: 'failed', message: PUBLISH_MESSAGES.imagesNotUploaded }
  try {
    await createListing({ ...draft, id: place.listingId, coordinates, imageUrls: uploaded.map((u) => u.url) })
  } catch {
    await removeListingImages(uploaded.map((u) => u.path)).catch(() => undefined)
    return { status: 'failed', message: PUBLISH_MESSAGES.notSaved }
  }
  return { status: 'published', listingId: place.listingId, type: draft.type }
}

/** Edit: geocode only a changed address, then update the listing's fields (never its photos). */
export async function publishEditedListing(
  draft: ListingDraft,
  listingId: string,
  saved: { location: string; coordinates: Coordinates | null },
): Promise<PublishOutcome> {
  const coordinates = await locate(draft, saved)
  if (isOutcome(coordinates)) return coordinates
  try {
    await updateListing(listingId, { ...draft, coordinates })
  } catch {
    return { status: 'failed', message: PUBLISH_MESSAGES.notSaved }
  }
  return { status: 'published', listingId, type: draft.type }
}
