import type { Listing, ListingPosition } from '../../../types/listing'

/** Lists show 10 listings a page and fetch one more to know whether another page exists (spec §9). */
export const PAGE_SIZE = 10

/**
 * Cards a phone shows of a list before scrolling: their covers load at once and first, and index.html's
 * inline script draws them before the app's JS arrives (src/first-screen/early-cards.ts).
 */
export const FIRST_SCREEN_CARDS = 2

/** Where the next page starts: just after this listing in newest-first order (created_at desc, id desc). */
export type ListingsCursor = ListingPosition

export type ListingsPage = { listings: Listing[]; nextCursor: ListingsCursor | null }

/** A PostgREST `or` filter selecting the rows after the cursor; values are quoted because timestamps hold ":" and "+". */
export function afterCursorFilter(cursor: ListingsCursor): string {
  const createdAt = `"${cursor.createdAt}"`
  const id = `"${cursor.id}"`
  return `created_at.lt.${createdAt},and(created_at.eq.${createdAt},id.lt.${id})`
}

/** What afterCursor needs of a PostgREST query (supabase-js's and postgrest-js's builders both fit). */
type KeysetQuery<Q> = { lte(column: 'created_at', value: string): Q; or(filters: string): Q }

/**
 * Keeps the rows after the cursor. The `or` filter selects them exactly; the `created_at <= cursor` bound
 * (true of every such row) becomes an index condition, so page 500 starts at the cursor instead of
 * reading and discarding the 4,990 rows before it.
 */
export function afterCursor<Q extends KeysetQuery<Q>>(query: Q, cursor: ListingsCursor): Q {
  return query.lte('created_at', cursor.createdAt).or(afterCursorFilter(cursor))
}

/** Splits PAGE_SIZE + 1 fetched rows into one page and the cursor of the next, if any. */
export function toPage(rows: Listing[], pageSize = PAGE_SIZE): ListingsPage {
  const listings = rows.slice(0, pageSize)
  const last = listings.at(-1)
  const hasMore = rows.length > pageSize && last !== undefined
  return { listings, nextCursor: hasMore ? { createdAt: last.createdAt, id: last.id } : null }
}
