/** Fired when a listing edit is queued outside the edit screen (Your Listings): the app's sender sends it. */
export const LISTING_EDIT_QUEUED_EVENT = 'roost:listing-edit-queued'
