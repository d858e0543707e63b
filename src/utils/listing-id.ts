const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a route's `$listingId` can name a listing at all (ids are UUIDs). */
export const isListingId = (value: string): boolean => UUID.test(value)
