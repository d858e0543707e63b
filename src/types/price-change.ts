/** One change of the price a person pays (a row of public.listing_price_history), oldest first in a history. */
export type PriceChange = {
  /** The price after the change. */
  price: number
  /** The price before it; null for the first row, when the home was listed. */
  previousPrice: number | null
  /** Server time (ISO 8601). */
  changedAt: string
}

/** A row of public.listing_price_history as a read selects it (PRICE_HISTORY_COLUMNS). */
type PriceHistoryRow = {
  listing_id: string
  price: number
  previous_price: number | null
  changed_at: string
}

/** What a read of public.listing_price_history selects. */
export const PRICE_HISTORY_COLUMNS = 'listing_id,price,previous_price,changed_at'

const isHistoryRow = (row: unknown): row is PriceHistoryRow => {
  const r = row as Partial<PriceHistoryRow> | null
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.listing_id === 'string' &&
    typeof r.price === 'number' &&
    (r.previous_price === null || typeof r.previous_price === 'number') &&
    typeof r.changed_at === 'string'
  )
}

/**
 * Each listing's changes, in the order the rows came (a read orders them oldest first); every one of `ids`
 * has an entry, empty when no row names it. A row that breaks the contract is an error.
 */
export function groupPriceHistory(ids: readonly string[], rows: unknown): Map<string, PriceChange[]> {
  if (!Array.isArray(rows)) throw new Error('Price history from the API is not a list')
  const histories = new Map(ids.map((id): [string, PriceChange[]] => [id, []]))
  for (const row of rows) {
    if (!isHistoryRow(row)) throw new Error('A price history row from the API has bad columns')
    histories
      .get(row.listing_id)
      ?.push({ price: row.price, previousPrice: row.previous_price, changedAt: row.changed_at })
  }
  return histories
}
