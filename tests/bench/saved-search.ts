// Saved searches at scale: 1,000,000 saved searches over the bench's 100,000 listings. Times, straight to
// Postgres, the two budgets of issue 26 (the searches one new listing matches; one person's 20 `N new`
// counts), publishing a listing with its alerts queued (the trigger, rolled back), and on the local stack
// the time from a publish to its push reaching the stand-in push service.
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { type PushService, startPushService } from '../integration/support/push-service'
import { median, quantile, round } from './stats'

export const SAVED_SEARCHES = 1_000_000
/** Each bench seeker saves the most searches a person may. */
const PER_PERSON = 20
const SEEKERS = SAVED_SEARCHES / PER_PERSON

export type Timing = { samples: number; p50Ms: number; p95Ms: number; maxMs: number }
export type SavedSearchReport = {
  savedSearches: number
  listings: number
  seedMs: number
  /** saved_searches_matching(listing) for existing listings taken as new. */
  match: Timing & { meanMatches: number; maxMatches: number; explain: string }
  /** The insert of one listing, its alerts queued by the trigger (rolled back). */
  publish: Timing
  /** saved_search_new_counts() of one seeker (20 searches), as that seeker. */
  newCounts: Timing & { explain: string }
  /** Publish through the API, then send-alerts invoked at once, until the push service has it. */
  publishToPush: Timing
  /** Publish through the API and wait for the stack's own minute schedule to send it. */
  publishToPushScheduled: number[]
  budgets: { matchP95Ms: number; newCountsP95Ms: number }
}

const timing = (values: number[]): Timing => ({
  samples: values.length,
  p50Ms: round(median(values), 2),
  p95Ms: round(quantile(values, 0.95), 2),
  maxMs: round(Math.max(...values), 2),
})

/**
 * 1,000,000 saved searches for 50,000 seekers, 20 each, written in SQL: what people save on a property
 * site: mostly a place (the bench listings' own places) with a type, a price cap and bedrooms; a fifth
 * a map area around a listing instead; a few filters only. A third each off, instant and daily; last
 * opened up to a week ago. The triggers are skipped for the load (session_replication_role), which is
 * safe because exactly 20 go to each seeker.
 */
const SEED_SQL = `
with places as (
  select array_agg(place order by place) as names
  from (
    select distinct trim(regexp_replace(split_part(location, ',', -1), '\\s+[A-Z]{1,2}[0-9][0-9A-Z]?$', '')) as place
    from public.listings
  ) as p
  where char_length(place) >= 3
),
positions as (select array_agg(array[longitude, latitude]) as at from (select longitude, latitude from public.listings tablesample system (1)) as s),
series as (
  select g, ('c0000000-0000-4000-8000-' || lpad((g / ${PER_PERSON})::text, 12, '0'))::uuid as user_id,
    hashint4(g) as h1, hashint4(g + 7) as h2, hashint4(g + 13) as h3
  from generate_series($1::int, $2::int - 1) as g
)
insert into public.saved_searches (user_id, name, params, alerts, last_opened_at, created_at)
select s.user_id, 'Bench search ' || s.g,
  jsonb_strip_nulls(jsonb_build_object(
    'q', case when abs(s.h1) % 100 < 75 then places.names[1 + abs(s.h2) % cardinality(places.names)] end,
    'type', case when abs(s.h1) % 10 < 8 then case when s.g % 2 = 0 then 'rent' else 'sale' end end,
    'maxPrice', case when abs(s.h2) % 10 < 6 then
      case when s.g % 2 = 0 then 800 + (abs(s.h3) % 33) * 100 else 150000 + (abs(s.h3) % 28) * 50000 end end,
    'minPrice', case when abs(s.h3) % 10 < 3 then case when s.g % 2 = 0 then 500 else 100000 end end,
    'minBeds', case when abs(s.h3) % 10 < 5 then 1 + abs(s.h1) % 4 end,
    'minBaths', case when abs(s.h2) % 10 < 2 then 1 + abs(s.h3) % 2 end,
    'parking', case when abs(s.h1) % 13 = 0 then true end,
    'furnished', case when abs(s.h2) % 11 = 0 then true end,
    'offer', case when abs(s.h3) % 17 = 0 then true end,
    'bbox', case when abs(s.h1) % 100 between 75 and 94 then (
      select concat_ws(',', trim_scale(round((lng - d)::numeric, 5)), trim_scale(round((lat - d)::numeric, 5)),
        trim_scale(round((lng + d)::numeric, 5)), trim_scale(round((lat + d)::numeric, 5)))
      from (select positions.at[k][1] as lng, positions.at[k][2] as lat, 0.01 + (abs(s.h3) % 8) * 0.01 as d
            from (select 1 + abs(s.h2) % array_length(positions.at, 1) as k) as pick) as box_at
    ) end
  )),
  (array['off', 'instant', 'daily'])[1 + abs(s.h2) % 3],
  now() - (abs(s.h3) % (7 * 24 * 60)) * interval '1 minute',
  now() - interval '31 days'
from series as s, places, positions`

export async function seedSavedSearches(
  db: pg.Client | pg.PoolClient,
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now()
  const have = Number((await db.query('select count(*) from public.saved_searches')).rows[0].count)
  if (have >= SAVED_SEARCHES) return 0
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
       'bench-seeker-' || n || '@example.com', jsonb_build_object('name', 'Bench Seeker ' || n), now(), now()
     from generate_series(0, $1::int - 1) as n
     on conflict (id) do nothing`,
    [SEEKERS],
  )
  await db.query('set session_replication_role = replica')
  const step = 100_000
  for (let from = have; from < SAVED_SEARCHES; from += step) {
    await db.query(SEED_SQL, [from, Math.min(from + step, SAVED_SEARCHES)])
    log(`saved searches: ${Math.min(from + step, SAVED_SEARCHES).toLocaleString('en-GB')}`)
  }
  await db.query('set session_replication_role = origin')
  await db.query('vacuum analyze public.saved_searches')
  return Math.round(performance.now() - started)
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
    const seedMs = await seedSavedSearches(db, log)
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
    const matchTimes = await timeEach(listings.slice(10), async (id) => {
      matched.push((await db.query<{ n: number }>(matchSql, [id])).rows[0]?.n ?? 0)
    })
    const matchExplain = (
      await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) select * from public.saved_searches_matching((select l from public.listings as l where l.id = $1))`,
        [listings[10]],
      )
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n')
    // The planner's view inside the function: its candidate query for that listing.
    const innerExplain = (
      await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off)
         select s.id from public.saved_searches as s, public.listings as l
         where l.id = $1 and s.alerts <> 'off'
           and s.match_key = any(public.search_text_pieces(public.search_fold(l.search_text)))
           and (s.match_type is null or s.match_type = l.type)
           and s.match_price @> l.effective_price and s.match_beds <= l.bedrooms and s.match_baths <= l.bathrooms
           and s.match_area @> box(point(l.longitude, l.latitude), point(l.longitude, l.latitude))
         union all
         select s.id from public.saved_searches as s, public.listings as l
         where l.id = $1 and s.alerts <> 'off' and s.match_key is null
           and s.match_area @> box(point(l.longitude, l.latitude), point(l.longitude, l.latitude))
           and s.match_price @> l.effective_price`,
        [listings[10]],
      )
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n')

    // Publishing: the insert with its trigger, rolled back so the data stays as it was.
    const owner = (
      await db.query<{ id: string }>(`select id from auth.users where email = 'alice@example.com'`)
    ).rows[0]?.id
    const publishTimes = await timeEach(listings.slice(10, 10 + Math.min(samples, 100)), async (id) => {
      await db.query('begin')
      await db.query(
        `insert into public.listings (type, name, bedrooms, bathrooms, parking, furnished, location, offer,
           regular_price, discounted_price, image_urls, latitude, longitude, description, user_ref)
         select type, 'Bench publish', bedrooms, bathrooms, parking, furnished, location, offer,
           regular_price, discounted_price, image_urls, latitude, longitude, description, $2
         from public.listings where id = $1`,
        [id, owner],
      )
      await db.query('rollback')
    })

    // N new: one seeker's 20 searches, as that seeker (the RPC runs as the caller).
    const seekers = Array.from(
      { length: Math.min(samples, 100) },
      (_, i) => `c0000000-0000-4000-8000-${String((i * 7919) % SEEKERS).padStart(12, '0')}`,
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
    log(`recording the matches of ${seekers.length} seekers' searches`)
    await db.query(
      `insert into public.saved_search_matches (saved_search_id, listing_id, listing_created_at)
       select s.id, l.id, l.created_at
       from public.saved_searches as s
       join public.listings as l on l.created_at > s.last_opened_at and l.user_ref <> s.user_id
       where s.user_id = any($1::uuid[]) and public.listing_matches_search(l, s.params)
       on conflict do nothing`,
      [seekers],
    )
    await db.query('vacuum analyze public.saved_search_matches')
    for (const id of seekers.slice(0, 10))
      await asSeeker(id, 'select * from public.saved_search_new_counts()')
    const countTimes = await timeEach(seekers, async (id) => {
      const { rows } = await asSeeker(id, 'select * from public.saved_search_new_counts()')
      if (rows.length !== PER_PERSON) throw new Error(`seeker ${id} has ${rows.length} searches`)
    })
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
      .insert({ name: 'Bench alert', params: { q: word }, alerts: 'instant' })
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
      seedMs,
      match: {
        ...timing(matchTimes),
        meanMatches: round(matched.reduce((a, b) => a + b, 0) / matched.length, 1),
        maxMatches: Math.max(...matched),
        explain: `${matchExplain}\n\n-- its candidate query, for the same listing:\n${innerExplain}`,
      },
      publish: timing(publishTimes),
      newCounts: { ...timing(countTimes), explain: countsExplain },
      publishToPush: timing(latencies),
      publishToPushScheduled: scheduled,
      budgets: { matchP95Ms: 50, newCountsP95Ms: 20 },
    }
  } finally {
    await push?.close()
    await db.end()
  }
}

export function savedSearchMarkdown(r: SavedSearchReport): string[] {
  const row = (name: string, t: Timing, budget?: number) =>
    `| ${name} | ${t.samples} | ${t.p50Ms} | ${t.p95Ms} | ${t.maxMs} | ${budget === undefined ? '—' : `≤ ${budget} ${t.p95Ms <= budget ? '✓' : '✗'}`} |`
  return [
    '## Saved searches and alerts',
    '',
    `Command: tests/bench/saved-search.ts (also alone: \`npx tsx tests/bench/saved-search-run.ts\`). ${r.savedSearches.toLocaleString('en-GB')} saved searches (20 per person; two thirds with alerts on) over ${r.listings.toLocaleString('en-GB')} listings. Matching finds a mean of ${r.match.meanMatches} searches per listing (max ${r.match.maxMatches}).`,
    '',
    '| What | Samples | p50 ms | p95 ms | max ms | Budget (p95) |',
    '| --- | --- | --- | --- | --- | --- |',
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
