/** One change of the price a person pays (a row of public.listing_price_history), oldest first in a history. */
export type PriceChange = {
  /** The price after the change. */
  price: number
  /** The price before it; null for the first row, when the home was listed. */
  previousPrice: number | null
  /** Server time (ISO 8601). */
  changedAt: string
}
