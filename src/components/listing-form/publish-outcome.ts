import type { ListingDraft, ListingField } from './listing-schema'

/**
 * How a publish ended, in one shape for the form to act on (useFinishPublish): saved (`announce` false when the
 * background publisher already said so), sent back to the form with field errors, failed with a toast, or kept
 * on the device as a draft that publishes later (its message said, then the Profile).
 */
export type PublishOutcome =
  | { status: 'published'; listingId: string; type: ListingDraft['type']; announce?: boolean }
  | { status: 'kept'; message: string }
  | { status: 'invalid'; errors: Partial<Record<ListingField, string>> }
  | { status: 'failed'; message: string }

/** Spec §8: said when a new listing is on the server, from the form or from the background publisher. */
export const PUBLISHED_MESSAGE = 'Listing published!'

export const PUBLISH_MESSAGES = {
  imagesNotUploaded: 'Images not uploaded',
  geocoderDown: 'Could not check the address. Please try again.',
  notSaved: 'Could not save the listing. Please try again.',
} as const
