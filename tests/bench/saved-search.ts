// Saved searches at scale: 1,000,000 saved searches over the bench's 100,000 listings. Times, straight to
// Postgres, the two budgets of issue 26 (the searches one new listing matches; one person's 20 `N new`
// counts), publishing a listing with its alerts queued (the trigger, rolled back), and on the local stack
// the time from a publish to its push reaching the stand-in push service.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { type PushService, startPushService } from '../integration/support/push-service'
import { median, quantile, round } from './stats'

export const SAVED_SEARCHES = 1_000_000
/** People who save the most searches a person may; the `N new` budget is timed for them. */
const KEEN_SEEKERS = 10_000
const PER_KEEN_SEEKER = 20
/**
 * Everyone else saves 1, 2 or 3 searches: 9 in 20 one, 7 in 20 two, 4 in 20 three (35 searches a block
 * of 20 people, 1.75 each).
 */
const CASUAL_BLOCK = [1, 2, 1, 3, 2, 1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1, 3, 2, 1]
const CASUAL_BLOCK_SEARCHES = CASUAL_BLOCK.reduce((a, b) => a + b, 0)
const KEEN_SEARCHES = KEEN_SEEKERS * PER_KEEN_SEEKER
const SEEKERS =
  KEEN_SEEKERS + Math.ceil((SAVED_SEARCHES - KEEN_SEARCHES) / CASUAL_BLOCK_SEARCHES) * CASUAL_BLOCK.length
/** Marks the bench's saved searches by the version of their distribution, so an older seed is replaced. */
const SEED_NAME = 'Bench search (place ids) '
const seekerId = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A latency's figures, and the machine's 1-minute load average as the samples ended. */
export type Timing = { samples: number; p50Ms: number; p95Ms: number; maxMs: number; load1: number }
export type SavedSearchReport = {
  savedSearches: number
  seekers: number
  places: { total: number; fromListings: number }
  listings: number
  seedMs: number
  seedWorkers: number
  /** saved_searches_matching(listing) for existing listings taken as new. */
  match: Timing & {
    meanMatches: number
    p50Matches: number
    p95Matches: number
    maxMatches: number
    explain: string
  }
  /** The insert of one listing, its alerts queued by the trigger (rolled back). */
  publish: Timing
  /** saved_search_new_counts() of one seeker (20 searches), as that seeker. */
  newCounts: Timing & { meanNew: number; explain: string }
  /** Publish through the API, then send-alerts invoked at once, until the push service has it. */
  publishToPush: Timing
  /** Publish through the API and wait for the stack's own minute schedule to send it. */
  publishToPushScheduled: number[]
  budgets: { matchP95Ms: number; newCountsP95Ms: number }
  loadAverage: number[]
}

const timing = (values: number[]): Timing => ({
  samples: values.length,
  p50Ms: round(median(values), 2),
  p95Ms: round(quantile(values, 0.95), 2),
  maxMs: round(Math.max(...values), 2),
  load1: round(os.loadavg()[0] ?? 0, 1),
})

/**
 * The places people search: every place of public.places (the GB gazetteer, with its ids), searched in
 * proportion to the square root of its population (a capital is searched more than a village, far less than
 * its population says: people there search their district).
 * Kept in the bench schema (the seed's workers share it), each place given slots of a 20,000-slot wheel in proportion to its weight.
 */
export async function loadPlaces(
  db: pg.Client | pg.PoolClient,
): Promise<{ total: number; fromListings: number }> {
  await db.query('create schema if not exists bench')
  await db.query('drop table if exists bench.places, bench.place_slots, bench.recent')
  await db.query(`create unlogged table bench.places as
    select p.id, p.name, p.longitude as lng, p.latitude as lat, sqrt(greatest(p.population, 1000)) as weight
    from public.places as p`)
  await db.query('alter table bench.places add primary key (id)')
  const fromListings = { rowCount: 0 }
  await db.query(`create unlogged table bench.place_slots as
    select row_number() over () - 1 as slot, p.id as place_id
    from bench.places as p,
      generate_series(1, greatest(1, round(20000 * p.weight / (select sum(weight) from bench.places))::int))`)
  await db.query('create index on bench.place_slots (slot)')
  // When a search was last opened: just before one of the 1,000 newest listings was published.
  await db.query(`create unlogged table bench.recent as
    select (row_number() over (order by created_at desc) - 1)::int as rank, created_at - interval '1 second' as at
    from (select created_at from public.listings order by created_at desc limit 1000) as newest`)
  await db.query('create index on bench.recent (rank)')
  await db.query('analyze bench.places, bench.place_slots, bench.recent')
  const total = Number((await db.query('select count(*) as n from bench.places')).rows[0].n)
  return { total, fromListings: fromListings.rowCount ?? 0 }
}

/**
 * Saved searches g in [$1, $2), written in SQL from hashes of g. What people save on a property site:
 * - where: 77.9% a place (`place`, its id), 22% a map area around a place (1 to 9 km each way), 0.1%
 *   neither (filters only, anywhere);
 * - type: half rent, 45% sale, 5% either; a price cap for 70% (rent £600–£3,500 a month, sale
 *   £150,000–£1,125,000), a floor for 20%; at least 1–4 bedrooms for 65%, 2 bathrooms for 10%; parking 8%,
 *   furnished 10% of rentals, on offer 3%, under offer left out 15%; a sort for 40%;
 * - alerts: a quarter off, 40% instant, 35% daily; last opened just before one of the 1,000 newest
 *   listings was published (so the newest 0 to 1,000 listings are new to it), created 30 days before.
 * Searches 0–199,999 belong to the 10,000 keen seekers (20 each), the rest to casual ones (1–3 each).
 */
export const SEED_SQL = `
with slots as (select count(*)::int as n from bench.place_slots),
recent as (select count(*)::int as n from bench.recent),
series as (
  select g, hashint4(g) & 2147483647 as h1, hashint4(g + 1000003) & 2147483647 as h2,
    hashint4(g + 2000003) & 2147483647 as h3, hashint4(g + 3000017) & 2147483647 as h4,
    hashint4(g + 4000037) & 2147483647 as h5,
    case when g < ${KEEN_SEARCHES} then g / ${PER_KEEN_SEEKER}
      else ${KEEN_SEEKERS} + ((g - ${KEEN_SEARCHES}) / ${CASUAL_BLOCK_SEARCHES}) * ${CASUAL_BLOCK.length}
        + ($3::int[])[1 + (g - ${KEEN_SEARCHES}) % ${CASUAL_BLOCK_SEARCHES}]
    end as person
  from generate_series($1::int, $2::int - 1) as g
),
shaped as (
  select s.*, (s.h1) % 1000 as where_pick, (s.h2) % 100 as type_pick,
    p.id as place, p.lng, p.lat, 0.01 + ((s.h5) % 9) * 0.01 as half
  from series as s
  cross join slots
  join bench.place_slots as slot on slot.slot = (s.h2 # s.h3) % slots.n
  join bench.places as p on p.id = slot.place_id
),
filtered as (
  select s.*,
    case when s.type_pick < 50 then 'rent' when s.type_pick < 95 then 'sale' end as type,
    case when (s.h3) % 100 < 70 then
      case when s.type_pick < 50 then 600 + ((s.h4) % 30) * 100 else 150000 + ((s.h4) % 40) * 25000 end
    end as max_price,
    case when (s.h4) % 100 < 20 then
      case when s.type_pick < 50 then 400 + ((s.h5) % 10) * 100 else 50000 + ((s.h5) % 8) * 25000 end
    end as min_price
  from shaped as s
)
insert into public.saved_searches (user_id, name, params, alerts, last_opened_at, created_at, updated_at)
select ('c0000000-0000-4000-8000-' || lpad(f.person::text, 12, '0'))::uuid, '${SEED_NAME}' || f.g,
  jsonb_strip_nulls(jsonb_build_object(
    'place', case when f.where_pick between 1 and 779 then f.place end,
    'bbox', case when f.where_pick >= 780 then concat_ws(',',
      trim_scale(round((f.lng - f.half * 1.6)::numeric, 5)), trim_scale(round((f.lat - f.half)::numeric, 5)),
      trim_scale(round((f.lng + f.half * 1.6)::numeric, 5)), trim_scale(round((f.lat + f.half)::numeric, 5))) end,
    'type', f.type,
    'maxPrice', f.max_price,
    'minPrice', case when f.type is not null and f.min_price is not null
      then least(f.min_price, coalesce(f.max_price, f.min_price)) end,
    'minBeds', case when (f.h5) % 100 < 65 then 1 + (f.h1 / 1000) % 4 end,
    'minBaths', case when (f.h1 # f.h4) % 100 < 10 then 2 end,
    'parking', case when (f.h2 # f.h5) % 100 < 8 then true end,
    'furnished', case when f.type = 'rent' and (f.h3 # f.h5) % 100 < 10 then true end,
    'offer', case when (f.h1 # f.h3) % 100 < 3 then true end,
    'underOffer', case when (f.h2 # f.h4) % 100 < 15 then false end,
    'sort', (array['price-asc', 'price-asc', 'price-asc', 'price-asc', 'price-asc', 'price-desc', 'price-desc',
      'reduced'])[1 + (f.h3 # f.h4) % 20]
  )),
  case when (f.h4 # f.h5) % 100 < 25 then 'off' when (f.h4 # f.h5) % 100 < 65 then 'instant' else 'daily' end,
  opened.at, opened.at - interval '30 days', opened.at
from filtered as f
cross join recent
join bench.recent as opened on opened.rank = (f.h1 # f.h2) % recent.n
on conflict do nothing`

/**
 * Indexes of saved_searches dropped for a load, recorded first, so a load cut short (even killed) gets them
 * back at the next start.
 */
async function restoreIndexes(db: pg.Client | pg.PoolClient): Promise<string[]> {
  await db.query(
    'create table if not exists bench.dropped_indexes (name text primary key, definition text not null)',
  )
  const { rows } = await db.query<{ name: string; definition: string }>(
    'select name, definition from bench.dropped_indexes',
  )
  await db.query("set maintenance_work_mem = '256MB'")
  for (const index of rows) {
    await db.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
    await db.query('delete from bench.dropped_indexes where name = $1', [index.name])
  }
  return rows.map((index) => index.name)
}

export async function seedSavedSearches(
  db: pg.Client | pg.PoolClient,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<{ ms: number; workers: number; places: { total: number; fromListings: number } }> {
  const started = performance.now()
  const places = await loadPlaces(db)
  log(`places searched: ${places.total} (${places.fromListings} of them only from the listings)`)
  const restored = await restoreIndexes(db)
  if (restored.length > 0) log(`indexes rebuilt after a load cut short: ${restored.join(', ')}`)
  // Bench searches of another distribution, or of a load cut short, are replaced.
  const have = Number(
    (await db.query(`select count(*) from public.saved_searches where name like '${SEED_NAME}%'`)).rows[0]
      .count,
  )
  if (have >= SAVED_SEARCHES) return { ms: 0, workers: 0, places }
  await db.query(`delete from public.saved_searches where user_id::text like 'c0000000-%'`)
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
       'bench-seeker-' || n || '@example.com', jsonb_build_object('name', 'Bench Seeker ' || n), now(), now()
     from generate_series(0, $1::int - 1) as n
     on conflict (id) do nothing`,
    [SEEKERS],
  )
  log(`seekers: ${SEEKERS.toLocaleString('en-GB')}`)
  // The load goes without the table's indexes, built once after (the primary key stays: other tables refer
  // to it; so does the one search per person and params, which skips a person's repeated hash), and the rows' generated columns, the most of its cost, are computed by several workers at once.
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index as i where i.indrelid = 'public.saved_searches'::regclass and not i.indisprimary
       and not exists (select from pg_constraint as c where c.conindid = i.indexrelid)`,
  )
  await db.query('begin')
  for (const index of indexes) {
    await db.query('insert into bench.dropped_indexes (name, definition) values ($1, $2)', [
      index.name,
      index.definition,
    ])
    await db.query(`drop index ${index.name}`)
  }
  await db.query('commit')
  // Person index within a block of casual seekers, for each of the block's searches.
  const blockPerson = CASUAL_BLOCK.flatMap((count, person) => Array.from({ length: count }, () => person))
  const step = 25_000
  const chunks = Array.from({ length: Math.ceil(SAVED_SEARCHES / step) }, (_, k) => k * step)
  const workers = Number(process.env.BENCH_SEED_WORKERS ?? 4)
  let done = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const worker = new pg.Client({ connectionString: databaseUrl })
      await worker.connect()
      try {
        await worker.query('set statement_timeout = 0')
        // The triggers are skipped: they stamp times and hold the 20-search limit, which the seed keeps.
        await worker.query('set session_replication_role = replica')
        for (let from = chunks.shift(); from !== undefined; from = chunks.shift()) {
          await worker.query(SEED_SQL, [from, Math.min(from + step, SAVED_SEARCHES), blockPerson])
          done += Math.min(step, SAVED_SEARCHES - from)
          if (done % 100_000 === 0) log(`saved searches: ${done.toLocaleString('en-GB')}`)
        }
      } finally {
        await worker.end()
      }
    }),
  )
  // The load skipped the triggers, so the searches' match values and lookup keys (resolve_saved_search, run
  // when params is written) are written now, as the migration that brought them did, with only that trigger on.
  const resolve = await db.query(
    `select 1 from pg_trigger where tgrelid = 'public.saved_searches'::regclass and tgname = 'saved_searches_resolve'`,
  )
  if (resolve.rowCount) {
    await db.query('alter table public.saved_searches disable trigger user')
    await db.query('alter table public.saved_searches enable trigger saved_searches_resolve')
    try {
      const { rowCount } = await db.query(
        "update public.saved_searches set params = params where user_id::text like 'c0000000-%' and match is null",
      )
      log(`match values written: ${(rowCount ?? 0).toLocaleString('en-GB')}`)
    } finally {
      await db.query('alter table public.saved_searches enable trigger user')
    }
  }
  log(`indexes built: ${(await restoreIndexes(db)).join(', ')}`)
  await db.query('vacuum analyze public.saved_searches')
  return { ms: Math.round(performance.now() - started), workers, places }
}

async function timeEach<T>(items: T[], run: (item: T) => Promise<void>): Promise<number[]> {
  const times: number[] = []
  for (const item of items) {
    const started = performance.now()
    await run(item)
    times.push(performance.now() - started)
  }
  return times
}

export async function benchSavedSearches(opts: {
  databaseUrl: string
  apiUrl: string
  anonKey: string
  serviceRoleKey: string
  log: (line: string) => void
  samples?: number
  /** Also wait for the stack's minute schedule this many times (0: skip). */
  scheduledSamples?: number
}): Promise<SavedSearchReport> {
  const { log } = opts
  const samples = opts.samples ?? 200
  const db = new pg.Client({ connectionString: opts.databaseUrl })
  await db.connect()
  let push: PushService | undefined
  try {
    await db.query('set statement_timeout = 0')
    log('seeding 1,000,000 saved searches')
    const seed = await seedSavedSearches(db, opts.databaseUrl, log)
    const counts = (
      await db.query<{ searches: string; listings: string }>(
        'select (select count(*) from public.saved_searches) as searches, (select count(*) from public.listings) as listings',
      )
    ).rows[0]

    // Matches of one new listing: listings spread over the table, each taken as if just published.
    const listings = (
      await db.query<{ id: string }>(`select id from public.listings order by hashtext(id::text) limit $1`, [
        samples + 10,
      ])
    ).rows.map((row) => row.id)
    const matchSql = `select count(*)::int as n from public.saved_searches_matching((select l from public.listings as l where l.id = $1))`
    for (const id of listings.slice(0, 10)) await db.query(matchSql, [id])
    const matched: number[] = []
    const matchTimesRaw = await timeEach(listings.slice(10), async (id) => {
      matched.push((await db.query<{ n: number }>(matchSql, [id])).rows[0]?.n ?? 0)
    })
    const matchTimes = timing(matchTimesRaw)
    log(
      `matching: p50 ${matchTimes.p50Ms} ms, p95 ${matchTimes.p95Ms} ms (load ${matchTimes.load1}); matches a listing ${quantile(matched, 0.5)} (median), ${round(quantile(matched, 0.95))} (p95)`,
    )
    const matchExplain = (
      await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) select * from public.saved_searches_matching((select l from public.listings as l where l.id = $1))`,
        [listings[10]],
      )
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n')
    // Publishing: the insert with its trigger, rolled back so the data stays as it was.
    const owner = (
      await db.query<{ id: string }>(`select id from auth.users where email = 'alice@example.com'`)
    ).rows[0]?.id
    const publishTimesRaw = await timeEach(listings.slice(10, 10 + Math.min(samples, 100)), async (id) => {
      await db.query('begin')
      await db.query(
        `insert into public.listings (type, name, bedrooms, bathrooms, parking, furnished, location, offer,
           regular_price, discounted_price, image_urls, latitude, longitude, description, user_ref)
         select type, 'Bench publish', bedrooms, bathrooms, parking, furnished, location, offer,
           regular_price, discounted_price,
           -- The pictures, addressed in the publisher's folder as the schema requires.
           array(select regexp_replace(url, '/listing-images/[^/]+/', '/listing-images/' || $2::text || '/')
                 from unnest(image_urls) as url),
           latitude, longitude, description, $2::uuid
         from public.listings where id = $1`,
        [id, owner],
      )
      await db.query('rollback')
    })
    const publishTimes = timing(publishTimesRaw)

    // N new: one seeker's 20 searches, as that seeker (the RPC runs as the caller).
    const seekers = Array.from({ length: Math.min(samples, 100) }, (_, i) =>
      seekerId((i * 7919) % KEEN_SEEKERS),
    )
    const asSeeker = async (id: string, sql: string) => {
      await db.query('begin')
      await db.query(
        `select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`,
        [JSON.stringify({ sub: id, role: 'authenticated' })],
      )
      const result = await db.query(sql)
      await db.query('rollback')
      return result
    }
    // Their matches, as publishing would have recorded them had the searches existed before the listings
    // (the bulk load skipped the trigger): every listing since each search was last opened, checked.
    // The matches publishing would have recorded had the searches existed before the 1,000 newest listings
    // (the load skipped the trigger): each of those listings matched as the trigger does, kept for the
    // searches last opened before it was published.
    log('recording the matches of the 1,000 newest listings')
    await db.query(
      `insert into public.saved_search_matches (saved_search_id, listing_id, listing_created_at)
       select m.saved_search_id, l.id, l.created_at
       from (select * from public.listings order by created_at desc limit 1000) as l
       cross join lateral public.saved_searches_matching(l::public.listings) as m
       join public.saved_searches as s on s.id = m.saved_search_id
       where m.user_id <> l.user_ref and s.last_opened_at < l.created_at
         and exists (select 1 from public.market_listings as on_market where on_market.id = l.id)
       on conflict do nothing`,
    )
    await db.query('vacuum analyze public.saved_search_matches')
    for (const id of seekers.slice(0, 10))
      await asSeeker(id, 'select * from public.saved_search_new_counts()')
    const newFound: number[] = []
    const countTimesRaw = await timeEach(seekers, async (id) => {
      const { rows } = await asSeeker(id, 'select * from public.saved_search_new_counts()')
      if (rows.length !== PER_KEEN_SEEKER) throw new Error(`seeker ${id} has ${rows.length} searches`)
      newFound.push(rows.reduce((sum, row) => sum + Number((row as { new_count: number }).new_count), 0))
    })
    const countTimes = timing(countTimesRaw)
    log(`N new: p50 ${countTimes.p50Ms} ms, p95 ${countTimes.p95Ms} ms (load ${countTimes.load1})`)
    const countsExplain = (
      await asSeeker(
        seekers[0] as string,
        'explain (analyze, buffers) select * from public.saved_search_new_counts()',
      )
    ).rows
      .map((row) => (row as Record<string, string>)['QUERY PLAN'])
      .join('\n')

    // Publish → push on the local stack.
    log('publish → push')
    push = await startPushService()
    const api = (key: string) =>
      createClient(opts.apiUrl, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      })
    const signUp = async (name: string) => {
      const client = api(opts.anonKey)
      const email = `bench-${randomUUID().slice(0, 8)}@example.com`
      const { data, error } = await client.auth.signUp({
        email,
        password: 'bench-password-1',
        options: { data: { name } },
      })
      if (error || !data.user) throw error ?? new Error('no user')
      return client
    }
    const [seeker, landlord] = await Promise.all([signUp('Bench Seeker'), signUp('Bench Landlord')])
    const browser = push.createSubscription()
    await seeker
      .from('push_subscriptions')
      .insert({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth })
      .throwOnError()
    const word = `Benchword${randomUUID().slice(0, 6)}`
    await seeker
      .from('saved_searches')
      .insert({ name: 'Bench alert', params: { keywords: word }, alerts: 'instant' })
      .throwOnError()
    const publishOne = async (n: number) => {
      await landlord
        .from('listings')
        .insert({
          type: 'rent',
          name: `Bench alert home ${n}`.slice(0, 32),
          location: `${n} ${word} Road, Lerwick`,
          regular_price: 900,
          image_urls: ['https://images.example.com/bench/1.jpg'],
          latitude: 60.155,
          longitude: -1.145,
          // The facts publishing needs.
          epc_rating: 'D',
          council_tax_band: 'B',
          deposit: 1000,
        })
        .throwOnError()
    }
    const sendNow = () =>
      fetch(`${opts.apiUrl}/functions/v1/send-alerts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${opts.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'instant' }),
      }).then((response) => response.arrayBuffer())
    await sendNow() // the function's first start is not part of a publish
    const latencies: number[] = []
    for (let n = 1; n <= 20; n++) {
      const started = performance.now()
      await publishOne(n)
      await sendNow()
      await push.waitForMessages(browser.endpoint, n, 60_000)
      latencies.push(performance.now() - started)
    }
    const pushTimes = timing(latencies)
    const scheduled: number[] = []
    for (let i = 0; i < (opts.scheduledSamples ?? 0); i++) {
      const have = push.messages(browser.endpoint).length
      const started = performance.now()
      await publishOne(100 + i)
      await push.waitForMessages(browser.endpoint, have + 1, 130_000)
      scheduled.push(round((performance.now() - started) / 1000, 1))
    }

    return {
      savedSearches: Number(counts?.searches),
      listings: Number(counts?.listings),
      seekers: SEEKERS,
      places: seed.places,
      seedMs: seed.ms,
      seedWorkers: seed.workers,
      match: {
        ...matchTimes,
        meanMatches: round(matched.reduce((a, b) => a + b, 0) / matched.length, 1),
        p50Matches: quantile(matched, 0.5),
        p95Matches: round(quantile(matched, 0.95)),
        maxMatches: Math.max(...matched),
        explain: matchExplain,
      },
      publish: publishTimes,
      newCounts: {
        ...countTimes,
        meanNew: round(newFound.reduce((a, b) => a + b, 0) / Math.max(newFound.length, 1), 1),
        explain: countsExplain,
      },
      publishToPush: pushTimes,
      publishToPushScheduled: scheduled,
      budgets: { matchP95Ms: 50, newCountsP95Ms: 20 },
      loadAverage: os.loadavg().map((value) => round(value, 1)),
    }
  } finally {
    await push?.close()
    await db.end()
  }
}

export function savedSearchMarkdown(r: SavedSearchReport): string[] {
  const row = (name: string, t: Timing, budget?: number) =>
    `| ${name} | ${t.samples} | ${t.p50Ms} | ${t.p95Ms} | ${t.maxMs} | ${budget === undefined ? '—' : `≤ ${budget} ${t.p95Ms <= budget ? '✓' : '✗'}`} | ${t.load1} |`
  const n = (value: number) => value.toLocaleString('en-GB')
  return [
    '## Saved searches and alerts',
    '',
    `Command: tests/bench/saved-search.ts (also alone: \`npx tsx tests/bench/saved-search-run.ts\`). ${n(r.savedSearches)} saved searches of ${n(r.seekers)} people over ${n(r.listings)} listings, seeded in ${n(Math.round(r.seedMs / 1000))} s by ${r.seedWorkers} connections at once (0: already there). The searches, as people save them on a property site: 77.9% a place (its id), drawn from the ${n(r.places.total)} places of public.places in proportion to the square root of the population; 22% a map area of 1–9 km each way around such a place; 0.1% filters only (anywhere). Half rent, 45% sale, 5% either; a price cap for 70%, a floor for 20%; 1–4+ bedrooms for 65%; parking, furnished, offer and "under offer left out" for a few; a sort for 40%. Alerts: a quarter off, 40% instant, 35% daily. 10,000 people save 20 searches each (the \`N new\` budget is timed for them); everyone else 1–3 (1.75 on average). A search was last opened before one of the 1,000 newest listings was published.`,
    '',
    `One new listing matches ${r.match.meanMatches} saved searches on average (median ${r.match.p50Matches}, p95 ${r.match.p95Matches}, max ${n(r.match.maxMatches)}). A keen seeker's 20 searches have ${r.newCounts.meanNew} new homes in all on average. Load average at the end: ${r.loadAverage.join(', ')} (1, 5, 15 min).`,
    '',
    '| What | Samples | p50 ms | p95 ms | max ms | Budget (p95) | Load (1 min) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    row('The saved searches one new listing matches', r.match, r.budgets.matchP95Ms),
    row('Publishing one listing, alerts queued (trigger)', r.publish),
    row("One person's 20 `N new` counts", r.newCounts, r.budgets.newCountsP95Ms),
    row('Publish → push received (send-alerts called at once)', r.publishToPush),
    '',
    r.publishToPushScheduled.length > 0
      ? `Publish → push with the stack's own minute schedule: ${r.publishToPushScheduled.join(' s, ')} s.`
      : '',
    '',
    '```',
    r.match.explain,
    '```',
    '',
    '```',
    r.newCounts.explain,
    '```',
    '',
  ]
}
