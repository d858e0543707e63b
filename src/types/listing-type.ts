/** Whether a home is to rent or for sale (public.listings.type). */
export const LISTING_TYPES = ['rent', 'sale'] as const
export type ListingType = (typeof LISTING_TYPES)[number]

export const isListingType = (value: unknown): value is ListingType =>
  LISTING_TYPES.includes(value as ListingType)
