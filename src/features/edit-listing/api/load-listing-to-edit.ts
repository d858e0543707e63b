import { editsOf, type ListingEditEntry } from '../../../device/listing-edits'
import { readStoredListing } from '../../../device/listings'
import { queuedWrites } from '../../../device/outbox'
import { isUnreachable, type Unreachable, unlessUnreachable } from '../../../lib/errors'
import type { Listing } from '../../../types/listing'
import { getListingToEdit } from './get-listing-to-edit'

/** Spec §6 and §8: only the owner edits a listing; anyone else goes back to Explore with a reason. */
export const EDIT_DENIED = {
  missing: 'Listing does not exist!',
  notOwner: 'You cannot edit that listing',
} as const

const OFFLINE: Unreachable = { unreachable: true }

/**
 * What the edit screen starts from: the listing read afresh with the edits still queued for it, the device's
 * copy when offline (Unreachable without one), the queued edit of a listing deleted meanwhile, or the reason
 * the person may not edit it (`denied`, with EDIT_DENIED's words).
 */
export async function loadListingToEdit(
  listingId: string | null,
  userId: string,
): Promise<
  | { denied: string }
  | Unreachable
  | { deleted: ListingEditEntry['payload']; listingId: string }
  | { listing: Listing; queued: ListingEditEntry[] }
> {
  if (listingId === null) return { denied: EDIT_DENIED.missing }
  const queued = editsOf(await queuedWrites(userId), listingId)
  // Offline (or with no answer) the edit starts from the device's copy, kept when Your Listings loads.
  const fromDevice = async () => {
    const stored = await readStoredListing(listingId)
    return stored && stored.userRef === userId && stored.version !== undefined
      ? { listing: stored, queued }
      : OFFLINE
  }
  if (!navigator.onLine) return fromDevice()
  const listing = await unlessUnreachable(getListingToEdit(listingId))
  if (isUnreachable(listing)) return fromDevice()
  // Deleted elsewhere while an edit of it waited here: the edit ends, the person's text stays to copy.
  const last = queued.at(-1)
  if (!listing && last) return { deleted: last.payload, listingId }
  if (!listing) return { denied: EDIT_DENIED.missing }
  if (listing.userRef !== userId) return { denied: EDIT_DENIED.notOwner }
  return { listing, queued }
}
