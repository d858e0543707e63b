import type { ListingType } from './listing-type'

/** Where a home is in its sale or let (public.listings.status): each type has its own set. */
export const LISTING_STATUSES = {
  sale: ['available', 'under_offer', 'sold_stc', 'sold'],
  rent: ['available', 'let_agreed', 'let'],
} as const satisfies Record<ListingType, readonly string[]>

export type ListingStatus = (typeof LISTING_STATUSES)[ListingType][number]

const ALL_STATUSES: readonly string[] = [...new Set(Object.values(LISTING_STATUSES).flat())]

export const isListingStatus = (value: unknown): value is ListingStatus =>
  typeof value === 'string' && ALL_STATUSES.includes(value)

/** Whether a listing of this type may have this status (the database's CHECK says the same). */
export const statusFitsType = (status: ListingStatus, type: ListingType): boolean =>
  (LISTING_STATUSES[type] as readonly string[]).includes(status)

/** The statuses a listing of this type can take, in the order they are offered. */
export const statusesFor = (type: ListingType): readonly ListingStatus[] => LISTING_STATUSES[type]

/** The status kept when a listing's type changes: its own if the new type has it, else `available`. */
export const statusForType = (status: ListingStatus, type: ListingType): ListingStatus =>
  statusFitsType(status, type) ? status : 'available'

/** One change of the price a person pays (a row of public.listing_price_history), oldest first in a history. */
export type PriceChange = {
  /** The price after the change. */
  price: number
  /** The price before it; null for the first row, when the home was listed. */
  previousPrice: number | null
  /** Server time (ISO 8601). */
  changedAt: string
}
