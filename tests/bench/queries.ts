// Listing queries at scale: the pages the app asks for, through the local stack (supabase-js) and as the
// same SQL straight to Postgres (pg), with EXPLAIN (ANALYZE, BUFFERS) of each.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { afterCursor, afterCursorFilter, PAGE_SIZE } from '../../src/features/listings/api/listings-keyset'
import { LISTING_COLUMNS } from '../../src/types/listing'
import { median, quantile, round, timeLoop } from './stats'

export type QueryOptions = {
  apiUrl: string
  anonKey: string
  databaseUrl: string
  requests: number
  warmup: number
}

type Cursor = { createdAt: string; id: string }

/** One page the app asks for, as supabase-js builds it and as the SQL it amounts to. */
type PageQuery = {
  name: string
  what: string
  client: (c: SupabaseClient) => PromiseLike<{ data: unknown; error: unknown }>
  sql: string
  params: unknown[]
}

export type LoopFigures = { p50Ms: number; p95Ms: number; reqPerSec: number }
export type QueryFigures = {
  name: string
  what: string
  sql: string
  rows: number
  stack: { c1: LoopFigures; c8: LoopFigures }
  postgres: { c1: LoopFigures; c8: LoopFigures }
  /** Stack p50 / Postgres p50 at concurrency 1. */
  overheadRatio: number
  explain: {
    plan: string
    indexScan: boolean
    executionMs: number
    sharedHit: number
    sharedRead: number
    rowsRemovedByFilter: number
  }
}

const COLUMNS = LISTING_COLUMNS
const LIMIT = PAGE_SIZE + 1
const ORDER = 'order by created_at desc, id desc'
/** The keyset condition the app's `or` filter becomes (afterCursor adds `created_at <= $2` beside it). */
const AFTER = '(created_at < $2 or (created_at = $2 and id < $3))'

function newestFirst<T extends { order: (column: string, options: { ascending: boolean }) => T }>(q: T): T {
  return q.order('created_at', { ascending: false }).order('id', { ascending: false })
}

/** The searches of /search: a price range and a minimum of bedrooms, by price; a place; offers under a price. */
export const SEARCH = {
  type: 'sale',
  minPrice: 200_000,
  maxPrice: 600_000,
  minBeds: 3,
  place: 'hackney',
  offerMaxPrice: 1000,
} as const
type PriceCursor = { price: number; id: string }

const PRICE_ORDER = 'order by effective_price asc, id asc'
const PRICE_WHERE = 'type = $1 and effective_price >= $2 and effective_price <= $3 and bedrooms >= $4'
const PRICE_PARAMS = [SEARCH.type, SEARCH.minPrice, SEARCH.maxPrice, SEARCH.minBeds]

/** A PostgREST filter as supabase-js's `.filter(column, operator, value)` sends it. */
type Filter = [column: string, operator: string, value: string | number | boolean]
type Filtering = { filter(column: string, operator: string, value: unknown): Filtering }

/** Adds filters to a supabase-js query, keeping its type (each `.filter` returns the same builder). */
function where<T>(query: T, filters: Filter[]): T {
  let q = query as unknown as Filtering
  for (const [column, operator, value] of filters) q = q.filter(column, operator, value)
  return q as unknown as T
}

/** The filters the search screen sends for each search. */
const PRICE_BEDS: Filter[] = [
  ['type', 'eq', SEARCH.type],
  ['effective_price', 'gte', SEARCH.minPrice],
  ['effective_price', 'lte', SEARCH.maxPrice],
  ['bedrooms', 'gte', SEARCH.minBeds],
]
const PLACE: Filter[] = [['search_text', 'ilike', `%${SEARCH.place}%`]]
const OFFERS_UNDER: Filter[] = [
  ['offer', 'is', true],
  ['effective_price', 'lte', SEARCH.offerMaxPrice],
]
const byPriceAndBeds = <T>(q: T) => where(q, PRICE_BEDS)
const byPlace = <T>(q: T) => where(q, PLACE)
const offersUnder = <T>(q: T) => where(q, OFFERS_UNDER)

function searchQueries(page50: PriceCursor): PageQuery[] {
  const from = (c: SupabaseClient) => c.from('market_listings').select(COLUMNS)
  const count = (c: SupabaseClient) => c.from('market_listings').select('id', { count: 'exact', head: true })
  const byPrice = <T extends { order: (column: string, options: { ascending: boolean }) => T }>(q: T) =>
    q.order('effective_price', { ascending: true }).order('id', { ascending: true })
  const place = `%${SEARCH.place}%`
  return [
    {
      name: 'search-price-beds-page-1',
      what: `/search?type=sale&minPrice=${SEARCH.minPrice}&maxPrice=${SEARCH.maxPrice}&minBeds=${SEARCH.minBeds}&sort=price-asc, first page`,
      client: (c) => byPrice(byPriceAndBeds(from(c))).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where ${PRICE_WHERE} ${PRICE_ORDER} limit ${LIMIT}`,
      params: PRICE_PARAMS,
    },
    {
      name: 'search-price-beds-page-50',
      what: 'the same search, page 50 by the keyset cursor (effective_price, id) of row 490',
      client: (c) =>
        byPrice(
          byPriceAndBeds(from(c))
            .gte('effective_price', page50.price)
            .or(
              `effective_price.gt.${page50.price},and(effective_price.eq.${page50.price},id.gt.${page50.id})`,
            ),
        ).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where ${PRICE_WHERE} and effective_price >= $5 and (effective_price > $5 or (effective_price = $5 and id > $6)) ${PRICE_ORDER} limit ${LIMIT}`,
      params: [...PRICE_PARAMS, page50.price, page50.id],
    },
    {
      name: 'search-price-beds-count',
      what: 'the exact count of that search (Prefer: count=exact)',
      client: (c) => byPriceAndBeds(count(c)),
      sql: `select count(*) from public.market_listings where ${PRICE_WHERE}`,
      params: PRICE_PARAMS,
    },
    {
      name: 'search-place-page-1',
      what: `/search?q=${SEARCH.place}, newest first, first page`,
      client: (c) => newestFirst(byPlace(from(c))).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where search_text ilike $1 ${ORDER} limit ${LIMIT}`,
      params: [place],
    },
    {
      name: 'search-place-count',
      what: 'the exact count of that search',
      client: (c) => byPlace(count(c)),
      sql: 'select count(*) from public.market_listings where search_text ilike $1',
      params: [place],
    },
    {
      name: 'search-offers-page-1',
      what: `/search?offer=true&maxPrice=${SEARCH.offerMaxPrice}, newest first, first page`,
      client: (c) => newestFirst(offersUnder(from(c))).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where offer is true and effective_price <= $1 ${ORDER} limit ${LIMIT}`,
      params: [SEARCH.offerMaxPrice],
    },
    {
      name: 'search-offers-count',
      what: 'the exact count of that search',
      client: (c) => offersUnder(count(c)),
      sql: 'select count(*) from public.market_listings where offer is true and effective_price <= $1',
      params: [SEARCH.offerMaxPrice],
    },
  ]
}

/** Where the reduced order's page 50 starts (row 490), and a place inside the homes never reduced. */
type ReducedCursors = { page50: { at: string; id: string }; neverReduced: string }

/**
 * The market's searches: Recently reduced (price_reduced_at desc nulls last, id desc; keyset paged as
 * search-query.ts afterCursor builds it, the homes never reduced fetched by id once the reduced run out) and
 * Include under offer off (only available homes), all on market_listings, the one on-the-market rule.
 */
function marketQueries(cursors: ReducedCursors): PageQuery[] {
  const from = (c: SupabaseClient) => c.from('market_listings').select(COLUMNS)
  const count = (c: SupabaseClient) => c.from('market_listings').select('id', { count: 'exact', head: true })
  const REDUCED_ORDER = 'order by price_reduced_at desc nulls last, id desc'
  const reduced = <
    T extends { order: (column: string, options: { ascending: boolean; nullsFirst?: boolean }) => T },
  >(
    q: T,
  ) => q.order('price_reduced_at', { ascending: false, nullsFirst: false }).order('id', { ascending: false })
  const at = `"${cursors.page50.at}"`
  return [
    {
      name: 'search-reduced-page-1',
      what: '/search?sort=reduced, first page',
      client: (c) => reduced(from(c)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings ${REDUCED_ORDER} limit ${LIMIT}`,
      params: [],
    },
    {
      name: 'search-reduced-page-50',
      what: 'the same search, page 50 by the keyset cursor (price_reduced_at, id) of row 490',
      client: (c) =>
        reduced(
          from(c)
            .lte('price_reduced_at', cursors.page50.at)
            .or(`price_reduced_at.lt.${at},and(price_reduced_at.eq.${at},id.lt."${cursors.page50.id}")`),
        ).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where price_reduced_at <= $1 and (price_reduced_at < $1 or (price_reduced_at = $1 and id < $2)) ${REDUCED_ORDER} limit ${LIMIT}`,
      params: [cursors.page50.at, cursors.page50.id],
    },
    {
      name: 'search-reduced-never-reduced',
      what: 'the same search past the reduced homes: those never reduced, by id, after a cursor',
      client: (c) =>
        reduced(from(c).is('price_reduced_at', null).lt('id', cursors.neverReduced)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where price_reduced_at is null and id < $1 ${REDUCED_ORDER} limit ${LIMIT}`,
      params: [cursors.neverReduced],
    },
    {
      name: 'search-available-only-page-1',
      what: `/search?type=${SEARCH.type}&underOffer=false, newest first, first page`,
      client: (c) => newestFirst(from(c).eq('type', SEARCH.type).eq('status', 'available')).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where type = $1 and status = 'available' ${ORDER} limit ${LIMIT}`,
      params: [SEARCH.type],
    },
    {
      name: 'search-available-only-price-beds-count',
      what: 'the exact count of the price and bedrooms search with Include under offer off',
      client: (c) => byPriceAndBeds(count(c)).eq('status', 'available'),
      sql: `select count(*) from public.market_listings where ${PRICE_WHERE} and status = 'available'`,
      params: PRICE_PARAMS,
    },
  ]
}

function pageQueries(owner: string, page500: Cursor): PageQuery[] {
  // Lists read the listings on the market; Your Listings reads all of the landlord's.
  const from = (c: SupabaseClient) => c.from('market_listings').select(COLUMNS)
  const own = (c: SupabaseClient) => c.from('listings').select(COLUMNS)
  return [
    {
      name: 'newest-5',
      what: "Explore's Recommended slider: the 5 newest",
      client: (c) => newestFirst(from(c)).limit(5),
      sql: `select ${COLUMNS} from public.market_listings ${ORDER} limit 5`,
      params: [],
    },
    {
      name: 'offers-page-1',
      what: '/offers, first page',
      client: (c) => newestFirst(from(c).eq('offer', true)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where offer = true ${ORDER} limit ${LIMIT}`,
      params: [],
    },
    {
      name: 'category-page-1',
      what: '/category/rent, first page',
      client: (c) => newestFirst(from(c).eq('type', 'rent')).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where type = $1 ${ORDER} limit ${LIMIT}`,
      params: ['rent'],
    },
    {
      name: 'category-page-500',
      what: '/category/rent, page 500 by the keyset cursor (as get-listings-page.ts builds it: afterCursor)',
      client: (c) => newestFirst(afterCursor(from(c).eq('type', 'rent'), page500)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where type = $1 and created_at <= $2 and ${AFTER} ${ORDER} limit ${LIMIT}`,
      params: ['rent', page500.createdAt, page500.id],
    },
    {
      name: 'category-page-500-unbounded',
      what: 'the same page 500 with the `or` cursor filter alone (what the app sent before; for comparison)',
      client: (c) => newestFirst(from(c).eq('type', 'rent').or(afterCursorFilter(page500))).limit(LIMIT),
      sql: `select ${COLUMNS} from public.market_listings where type = $1 and ${AFTER} ${ORDER} limit ${LIMIT}`,
      params: ['rent', page500.createdAt, page500.id],
    },
    {
      name: 'user-listings',
      what: "one landlord's listings, newest first, first page (the profile's Your Listings)",
      client: (c) => newestFirst(own(c).eq('user_ref', owner)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.listings where user_ref = $1 ${ORDER} limit ${LIMIT}`,
      params: [owner],
    },
  ]
}

const figures = (latencies: number[], wallMs: number): LoopFigures => ({
  p50Ms: round(median(latencies), 2),
  p95Ms: round(quantile(latencies, 0.95), 2),
  reqPerSec: round((latencies.length / wallMs) * 1000, 0),
})

async function loops(work: () => Promise<unknown>, opts: QueryOptions) {
  for (let i = 0; i < opts.warmup; i++) await work()
  const c1 = await timeLoop(work, opts.requests, 1)
  const c8 = await timeLoop(work, opts.requests, 8)
  return { c1: figures(c1.latencies, c1.wallMs), c8: figures(c8.latencies, c8.wallMs) }
}

/** EXPLAIN as the API runs it: in a transaction with the anon role, so row level security applies. */
async function explain(pool: pg.Pool, sql: string, params: unknown[]): Promise<QueryFigures['explain']> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    await client.query('set local role anon')
    const result = await client.query(`explain (analyze, buffers) ${sql}`, params)
    await client.query('rollback')
    const plan = result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
    const sum = (re: RegExp) => [...plan.matchAll(re)].reduce((t, m) => t + Number(m[1]), 0)
    return {
      plan,
      // The policy's look-up of the (small) review holds may be a sequential scan; the listings never.
      indexScan: /Index (Only )?Scan/.test(plan) && !/Seq Scan on listings\b/.test(plan),
      executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
      // Only the top node's buffers: nested nodes repeat their children's counts.
      sharedHit: Number(/shared hit=(\d+)/.exec(plan)?.[1] ?? 0),
      sharedRead: Number(/read=(\d+)/.exec(plan)?.[1] ?? 0),
      rowsRemovedByFilter: sum(/Rows Removed by Filter: (\d+)/g),
    }
  } finally {
    client.release()
  }
}

export type QueryReport = {
  listings: number
  rentListings: number
  page500Cursor: Cursor
  page500MatchesOffset: boolean
  search: {
    page50Cursor: PriceCursor
    page50MatchesOffset: boolean
    /** Exact counts of the three searches, as the stack answered them. */
    counts: Record<string, number>
  }
  owner: { id: string; listings: number }
  queries: QueryFigures[]
}

export async function benchQueries(opts: QueryOptions): Promise<QueryReport> {
  const supabase = createClient(opts.apiUrl, opts.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 8 })
  try {
    const one = async (sql: string) => (await pool.query(sql)).rows[0] as Record<string, string>
    const listings = Number((await one('select count(*) as n from public.listings')).n)
    const rentListings = Number(
      (await one("select count(*) as n from public.listings where type = 'rent'")).n,
    )
    const owner = await one(
      "select user_ref as id, count(*) as n from public.listings where name like 'Bench home no. %' group by 1 order by 2 desc, 1 limit 1",
    )
    // Page 500 starts after row 4,990: take that row's cursor as the app would have it (from the API's JSON).
    const before = await newestFirst(
      supabase.from('market_listings').select('created_at,id').eq('type', 'rent'),
    ).range(499 * PAGE_SIZE - 1, 499 * PAGE_SIZE - 1)
    const cursorRow = (before.data as { created_at: string; id: string }[] | null)?.[0]
    if (!cursorRow) throw new Error(`Could not read the page 500 cursor: ${JSON.stringify(before.error)}`)
    const page500: Cursor = { createdAt: cursorRow.created_at, id: cursorRow.id }
    // Search page 50 starts after row 490 of the price search.
    const priceSearch = () =>
      byPriceAndBeds(supabase.from('market_listings').select('id,effective_price'))
        .order('effective_price', { ascending: true })
        .order('id', { ascending: true })
    const before50 = await priceSearch().range(49 * PAGE_SIZE - 1, 49 * PAGE_SIZE - 1)
    const row50 = (before50.data as { id: string; effective_price: number }[] | null)?.[0]
    if (!row50) throw new Error(`Could not read the search page 50 cursor: ${JSON.stringify(before50.error)}`)
    const page50: PriceCursor = { price: row50.effective_price, id: row50.id }
    // Recently reduced, page 50 starts after row 490; and a cursor inside the homes never reduced.
    const reducedRow = await pool.query<{ at: Date; id: string }>(
      `select price_reduced_at as at, id from public.market_listings
       order by price_reduced_at desc nulls last, id desc offset ${49 * PAGE_SIZE - 1} limit 1`,
    )
    const neverRow = await pool.query<{ id: string }>(
      `select id from public.market_listings where price_reduced_at is null order by id desc offset ${49 * PAGE_SIZE - 1} limit 1`,
    )
    const reducedAt = reducedRow.rows[0]
    const neverReduced = neverRow.rows[0]?.id
    if (!reducedAt?.at || !neverReduced)
      throw new Error(
        'The bench listings have too few reduced or never-reduced homes: run npm run bench:seed',
      )
    const cursors: ReducedCursors = {
      page50: { at: reducedAt.at.toISOString(), id: reducedAt.id },
      neverReduced,
    }
    const only = process.env.BENCH_QUERIES
    const queries = [
      ...pageQueries(owner.id as string, page500),
      ...searchQueries(page50),
      ...marketQueries(cursors),
    ].filter((q) => !only || only.split(',').some((prefix) => q.name.startsWith(prefix)))

    // Keyset page 500 must be the rows OFFSET 4990 would give.
    const keyset = await pageQueries(owner.id as string, page500)
      .find((q) => q.name === 'category-page-500')
      ?.client(supabase)
    const offset = await newestFirst(supabase.from('market_listings').select('id').eq('type', 'rent')).range(
      499 * PAGE_SIZE,
      499 * PAGE_SIZE + PAGE_SIZE,
    )
    const ids = (rows: unknown) => ((rows as { id: string }[] | null) ?? []).map((r) => r.id).join()
    const page500MatchesOffset = ids(keyset?.data) === ids(offset.data) && ids(offset.data) !== ''

    const searchPage50 = await searchQueries(page50)
      .find((q) => q.name === 'search-price-beds-page-50')
      ?.client(supabase)
    const offset50 = await priceSearch().range(49 * PAGE_SIZE, 49 * PAGE_SIZE + PAGE_SIZE)
    const page50MatchesOffset = ids(searchPage50?.data) === ids(offset50.data) && ids(offset50.data) !== ''
    const counts: Record<string, number> = {}
    for (const q of queries.filter((query) => query.name.endsWith('-count'))) {
      const answer = (await q.client(supabase)) as { count?: number | null }
      counts[q.name] = answer.count ?? Number.NaN
    }

    const results: QueryFigures[] = []
    for (const q of queries) {
      const check = await q.client(supabase)
      if (check.error) throw new Error(`${q.name}: ${JSON.stringify(check.error)}`)
      const rows = (check.data as unknown[] | null)?.length ?? 0
      const stack = await loops(async () => {
        const { error } = await q.client(supabase)
        if (error) throw new Error(`${q.name}: ${JSON.stringify(error)}`)
      }, opts)
      const postgres = await loops(() => pool.query(q.sql, q.params), opts)
      results.push({
        name: q.name,
        what: q.what,
        sql: q.sql.replace(COLUMNS, '<17 listing columns>'),
        rows,
        stack,
        postgres,
        overheadRatio: round(stack.c1.p50Ms / postgres.c1.p50Ms, 1),
        explain: await explain(pool, q.sql, q.params),
      })
    }
    return {
      listings,
      rentListings,
      page500Cursor: page500,
      page500MatchesOffset,
      search: { page50Cursor: page50, page50MatchesOffset, counts },
      owner: { id: owner.id as string, listings: Number(owner.n) },
      queries: results,
    }
  } finally {
    await pool.end()
    await supabase.removeAllChannels()
  }
}
