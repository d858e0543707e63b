import type { ListingStatus } from './database'
import { LISTING_STATUSES, type ListingType } from './listing'

// A listing's place in the market (public.listings.status, checked per type by the database).

export type { ListingStatus }

/** What each status says on screen. */
export const STATUS_LABELS: Record<ListingStatus, string> = {
  available: 'Available',
  under_offer: 'Under offer',
  sold_stc: 'Sold STC',
  sold: 'Sold',
  let_agreed: 'Let agreed',
  let: 'Let',
}

/** The statuses a listing of this type can take, in the order they are offered. */
export function statusesFor(type: ListingType): readonly ListingStatus[] {
  return LISTING_STATUSES[type]
}

/** The status kept when a listing's type changes: its own if the new type has it, else `available`. */
export function statusForType(status: ListingStatus, type: ListingType): ListingStatus {
  return statusesFor(type).includes(status) ? status : 'available'
}
