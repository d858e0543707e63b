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

function pageQueries(owner: string, page500: Cursor): PageQuery[] {
  const from = (c: SupabaseClient) => c.from('listings').select(COLUMNS)
  return [
    {
      name: 'newest-5',
      what: "Explore's Recommended slider: the 5 newest",
      client: (c) => newestFirst(from(c)).limit(5),
      sql: `select ${COLUMNS} from public.listings ${ORDER} limit 5`,
      params: [],
    },
    {
      name: 'offers-page-1',
      what: '/offers, first page',
      client: (c) => newestFirst(from(c).eq('offer', true)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.listings where offer = true ${ORDER} limit ${LIMIT}`,
      params: [],
    },
    {
      name: 'category-page-1',
      what: '/category/rent, first page',
      client: (c) => newestFirst(from(c).eq('type', 'rent')).limit(LIMIT),
      sql: `select ${COLUMNS} from public.listings where type = $1 ${ORDER} limit ${LIMIT}`,
      params: ['rent'],
    },
    {
      name: 'category-page-500',
      what: '/category/rent, page 500 by the keyset cursor (as get-listings-page.ts builds it: afterCursor)',
      client: (c) => newestFirst(afterCursor(from(c).eq('type', 'rent'), page500)).limit(LIMIT),
      sql: `select ${COLUMNS} from public.listings where type = $1 and created_at <= $2 and ${AFTER} ${ORDER} limit ${LIMIT}`,
      params: ['rent', page500.createdAt, page500.id],
    },
    {
      name: 'category-page-500-unbounded',
      what: 'the same page 500 with the `or` cursor filter alone (what the app sent before; for comparison)',
      client: (c) => newestFirst(from(c).eq('type', 'rent').or(afterCursorFilter(page500))).limit(LIMIT),
      sql: `select ${COLUMNS} from public.listings where type = $1 and ${AFTER} ${ORDER} limit ${LIMIT}`,
      params: ['rent', page500.createdAt, page500.id],
    },
    {
      name: 'user-listings',
      what: "one landlord's listings, newest first, first page (the profile's Your Listings)",
      client: (c) => newestFirst(from(c).eq('user_ref', owner)).limit(LIMIT),
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
      indexScan: /Index (Only )?Scan/.test(plan) && !/Seq Scan/.test(plan),
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
      supabase.from('listings').select('created_at,id').eq('type', 'rent'),
    ).range(499 * PAGE_SIZE - 1, 499 * PAGE_SIZE - 1)
    const cursorRow = (before.data as { created_at: string; id: string }[] | null)?.[0]
    if (!cursorRow) throw new Error(`Could not read the page 500 cursor: ${JSON.stringify(before.error)}`)
    const page500: Cursor = { createdAt: cursorRow.created_at, id: cursorRow.id }
    const queries = pageQueries(owner.id as string, page500)

    // Keyset page 500 must be the rows OFFSET 4990 would give.
    const keyset = await queries[3]?.client(supabase)
    const offset = await newestFirst(supabase.from('listings').select('id').eq('type', 'rent')).range(
      499 * PAGE_SIZE,
      499 * PAGE_SIZE + PAGE_SIZE,
    )
    const ids = (rows: unknown) => ((rows as { id: string }[] | null) ?? []).map((r) => r.id).join()
    const page500MatchesOffset = ids(keyset?.data) === ids(offset.data) && ids(offset.data) !== ''

    const results: QueryFigures[] = []
    for (const q of queries) {
      const check = await q.client(supabase)
      if (check.error) throw new Error(`${q.name}: ${JSON.stringify(check.error)}`)
      const rows = (check.data as unknown[]).length
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
      owner: { id: owner.id as string, listings: Number(owner.n) },
      queries: results,
    }
  } finally {
    await pool.end()
    await supabase.removeAllChannels()
  }
}
