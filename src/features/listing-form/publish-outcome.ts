import type { ListingDraft, ListingField } from './listing-schema'

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
