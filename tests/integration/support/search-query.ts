import type { SupabaseClient } from '@supabase/supabase-js'
import { afterCursor } from '../../../src/features/search/search-query'

/**
 * The search the app runs, as plain PostgREST filters through supabase-js, and the same search in
 * JavaScript over rows already read, to check one against the other.
 */

export type SearchSort = 'newest' | 'price-asc' | 'price-desc'

export type Search = {
  q?: string
  type?: 'rent' | 'sale'
  minPrice?: number
  maxPrice?: number
  minBeds?: number
  minBaths?: number
  parking?: boolean
  furnished?: boolean
  offer?: boolean
  sort?: SearchSort
}

export type SearchRow = {
  id: string
  created_at: string
  type: 'rent' | 'sale'
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  offer: boolean
  regular_price: number
  discounted_price: number | null
  effective_price: number
  search_text: string
}

/** The table, or market_listings: the view the app searches (the homes on the market). */
export type SearchSource = 'listings' | 'market_listings'

export const SEARCH_COLUMNS =
  'id, created_at, type, bedrooms, bathrooms, parking, furnished, offer, regular_price, discounted_price, effective_price, search_text'

/** Where the next page starts: the last row of this one. */
export type SearchCursor = { id: string; createdAt: string; price: number }

export const SEARCH_PAGE_SIZE = 10

export const searchWords = (q = '') => q.split(/\s+/).filter(Boolean)

/** A search's filters as count_listings (and search_newest, search_by_price) take them, as the app sends them. */
export const countArgsOf = (search: Search): Record<string, string | number | boolean> => ({
  ...(search.q && searchWords(search.q).length ? { words: searchWords(search.q).join(' ') } : {}),
  ...(search.type ? { type: search.type } : {}),
  ...(search.minPrice !== undefined ? { min_price: search.minPrice } : {}),
  ...(search.maxPrice !== undefined ? { max_price: search.maxPrice } : {}),
  ...(search.minBeds !== undefined ? { min_beds: search.minBeds } : {}),
  ...(search.minBaths !== undefined ? { min_baths: search.minBaths } : {}),
  ...(search.parking ? { parking: true } : {}),
  ...(search.furnished ? { furnished: true } : {}),
  ...(search.offer ? { offer: true } : {}),
})

/** The query for one page of a search (PAGE_SIZE + 1 rows, the extra one says there is more). */
export function searchPageQuery(
  client: SupabaseClient,
  search: Search,
  cursor?: SearchCursor,
  options: { count?: boolean; limit?: number; from?: SearchSource } = {},
) {
  let query = client
    .from(options.from ?? 'listings')
    .select(SEARCH_COLUMNS, options.count ? { count: 'exact' } : undefined)
  for (const word of searchWords(search.q)) query = query.ilike('search_text', `%${word}%`)
  if (search.type) query = query.eq('type', search.type)
  if (search.minPrice !== undefined) query = query.gte('effective_price', search.minPrice)
  if (search.maxPrice !== undefined) query = query.lte('effective_price', search.maxPrice)
  if (search.minBeds !== undefined) query = query.gte('bedrooms', search.minBeds)
  if (search.minBaths !== undefined) query = query.gte('bathrooms', search.minBaths)
  if (search.parking) query = query.is('parking', true)
  if (search.furnished) query = query.is('furnished', true)
  if (search.offer) query = query.is('offer', true)
  const sort = search.sort ?? 'newest'
  if (cursor) {
    // The app's keyset: the bound lets the index start at the cursor, and with it the `or` picks the rows after it.
    const { bound, or } = afterCursor(sort, { ...cursor, reducedAt: null })
    query = query.filter(bound.column, bound.operator, bound.value).or(or)
  }
  if (sort === 'newest') {
    query = query.order('created_at', { ascending: false }).order('id', { ascending: false })
  } else {
    const ascending = sort === 'price-asc'
    query = query.order('effective_price', { ascending }).order('id', { ascending })
  }
  return query.limit(options.limit ?? SEARCH_PAGE_SIZE + 1)
}

/** Every row a search selects, in its order, with no page limit (from the table, or the app's view of it). */
export async function readSearch(
  client: SupabaseClient,
  search: Search = {},
  from: SearchSource = 'listings',
): Promise<SearchRow[]> {
  // By keyset, 1,000 at a time: the API answers at most 1,000 rows a request (PostgREST's max-rows, as hosted).
  const rows: SearchRow[] = []
  let cursor: SearchCursor | undefined
  for (;;) {
    const { data, error } = await searchPageQuery(client, search, cursor, { limit: READ_PAGE, from })
    if (error) throw error
    const page = (data ?? []) as SearchRow[]
    rows.push(...page)
    const last = page.at(-1)
    if (page.length < READ_PAGE || !last) return rows
    cursor = { id: last.id, createdAt: last.created_at, price: last.effective_price }
  }
}

const READ_PAGE = 1000

/** One request with the exact count, as the app sends page 1 but with room for every row: ids and count. */
export async function runSearch(
  client: SupabaseClient,
  search: Search,
): Promise<{ ids: string[]; count: number | null }> {
  const { data, error, count } = await searchPageQuery(client, search, undefined, {
    count: true,
    limit: 1000,
  })
  if (error) throw error
  return { ids: (data as SearchRow[]).map((row) => row.id), count }
}

/** Every page of a search, walked by keyset; the ids in the order shown, and each page's count. */
export async function walkSearch(
  client: SupabaseClient,
  search: Search,
): Promise<{ ids: string[]; counts: (number | null)[] }> {
  const ids: string[] = []
  const counts: (number | null)[] = []
  let cursor: SearchCursor | undefined
  for (let page = 0; page < 1000; page += 1) {
    const { data, error, count } = await searchPageQuery(client, search, cursor, { count: true })
    if (error) throw error
    counts.push(count)
    const rows = (data ?? []) as SearchRow[]
    const shown = rows.slice(0, SEARCH_PAGE_SIZE)
    ids.push(...shown.map((row) => row.id))
    const last = shown.at(-1)
    if (rows.length <= SEARCH_PAGE_SIZE || !last) return { ids, counts }
    cursor = { id: last.id, createdAt: last.created_at, price: last.effective_price }
  }
  throw new Error('paging did not end')
}

/** A timestamp to the microsecond, as Postgres orders them (Date keeps only milliseconds). */
function micros(timestamp: string): number {
  const fraction = /\.(\d+)/.exec(timestamp)?.[1] ?? ''
  return Date.parse(timestamp.replace(/\.\d+/, '')) * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6))
}

/** The same search over rows in memory: what the database must answer. */
export function searchInMemory(rows: readonly SearchRow[], search: Search): SearchRow[] {
  const words = searchWords(search.q).map((word) => word.toLowerCase())
  const matches = rows.filter(
    (row) =>
      words.every((word) => row.search_text.toLowerCase().includes(word)) &&
      (!search.type || row.type === search.type) &&
      (search.minPrice === undefined || row.effective_price >= search.minPrice) &&
      (search.maxPrice === undefined || row.effective_price <= search.maxPrice) &&
      (search.minBeds === undefined || row.bedrooms >= search.minBeds) &&
      (search.minBaths === undefined || row.bathrooms >= search.minBaths) &&
      (!search.parking || row.parking) &&
      (!search.furnished || row.furnished) &&
      (!search.offer || row.offer),
  )
  const byId = (a: SearchRow, b: SearchRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const sort = search.sort ?? 'newest'
  return matches.sort((a, b) => {
    if (sort === 'newest') {
      const byTime = micros(b.created_at) - micros(a.created_at)
      return byTime !== 0 ? byTime : byId(b, a)
    }
    const byPrice = a.effective_price - b.effective_price || byId(a, b)
    return sort === 'price-asc' ? byPrice : -byPrice
  })
}
