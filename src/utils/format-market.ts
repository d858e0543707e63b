import type { Listing } from '../types/listing'
import type { PriceChange } from '../types/price-change'
import { formatPounds } from './format-price'
import { isRecentlyReduced, statusLabel } from './market-status'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A day in the viewer's calendar: "3 Nov", or "3 Nov 2025" when not this year; '' for a time that does not parse. */
export function formatDay(at: string, now: Date = new Date()): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return ''
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`
  return date.getFullYear() === now.getFullYear() ? day : `${day} ${date.getFullYear()}`
}

/** "Reduced by £50 on 3 Nov" while the reduction is recent (30 days), else null. */
export function reductionText(
  listing: Pick<Listing, 'priceReducedAt' | 'priceReducedBy'>,
  now: Date = new Date(),
): string | null {
  const { priceReducedAt: at, priceReducedBy: by } = listing
  if (!at || by === null || by === undefined || !isRecentlyReduced(at, now.getTime())) return null
  return `Reduced by ${formatPounds(by)} on ${formatDay(at, now)}`
}

/** One line of a price history: "Listed at £2,225 on 1 Oct", "Reduced to £2,000 on 3 Nov", "Increased to …". */
export function priceChangeText(change: PriceChange, now: Date = new Date()): string {
  const what =
    change.previousPrice === null
      ? 'Listed at'
      : change.price < change.previousPrice
        ? 'Reduced to'
        : 'Increased to'
  return `${what} ${formatPounds(change.price)} on ${formatDay(change.changedAt, now)}`
}

/** An off-market home's last status and its day, e.g. "Let on 3 Nov". */
export function lastStatusText(
  listing: Pick<Listing, 'status' | 'statusChangedAt'>,
  now = new Date(),
): string {
  const label = statusLabel(listing.status)
  return listing.statusChangedAt ? `${label} on ${formatDay(listing.statusChangedAt, now)}` : label
}
