/**
 * The property facts publishing needs (issue 55; the trigger listings_publishing_facts): an EPC rating, a
 * council tax band and, for rent, a deposit. The tests' listing builders give every new listing these unless
 * the test names them itself, so that publishing through the API is taken as the form's would be. The deposit
 * is £0 (a deposit is not required to be more): no price a test moves a listing to puts it over the cap.
 */

type Row = Record<string, unknown>

export const PUBLISHING_FACTS = { epc_rating: 'C', council_tax_band: 'B' } as const

/** The deposit a rent listing is given when the test does not name one. */
export const DEFAULT_DEPOSIT = 0

/**
 * `row` with the facts publishing needs where it does not name them: a key the row has (null included) is
 * kept, so a test can still leave a fact out on purpose. A row without a type is rent, as the column's default.
 */
export function withPublishingFacts<T extends Row>(row: T): T {
  const rent = (row.type ?? 'rent') === 'rent'
  return {
    ...PUBLISHING_FACTS,
    ...(rent ? { deposit: DEFAULT_DEPOSIT } : {}),
    ...row,
  }
}

/** The same facts as SQL for an insert's column list and values (`deposit` null for sale). */
export const PUBLISHING_FACTS_SQL = {
  columns: 'epc_rating, council_tax_band, deposit',
  values: (type: 'rent' | 'sale' | string = 'rent') =>
    `'C', 'B', ${type === 'rent' ? String(DEFAULT_DEPOSIT) : 'null'}`,
} as const
