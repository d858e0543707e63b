// `npm run bench:viewings`: the viewings budgets, on a stack of their own (ports of `npm run bench` plus 900, data in
// .local/bench-viewings, fresh each run):
// - the Viewings screen's query (rpc my_viewings) for a landlord with 500 listings and 5,000 bookings,
//   p50/p95 through the stack with supabase-js (HTTP, RLS, JSON) and in Postgres as the signed-in role;
// - 100 people booking the same 20 times at once through the API: 20 bookings, 80 clear refusals, 0 errors.
import fs from 'node:fs'
import path from 'node:path'
import { BENCH_ENV } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { startStack } from '@roost/local-supabase/stack'
import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import pg from 'pg'
import WebSocket from 'ws'
import { quantile, round, timeLoop } from './stats'

const LISTINGS = 500
const BOOKINGS = 5_000
const HUNTERS = 1_000
const RACERS = 100
const RACE_SLOTS = 20
const BUDGET_P95_MS = 20

const log = (line: string) => console.log(`[bench:viewings] ${line}`)
const shift = (port: string) => String(Number(port) + 900)
const dataDir = path.join(PROJECT_DIR, '.local', 'bench-viewings')
fs.rmSync(dataDir, { recursive: true, force: true })
removeRelocatedCluster(dataDir)
const config = loadConfig({
  ...BENCH_ENV,
  APP_PORT: shift(BENCH_ENV.APP_PORT),
  LOCAL_API_PORT: shift(BENCH_ENV.LOCAL_API_PORT),
  LOCAL_DB_PORT: shift(BENCH_ENV.LOCAL_DB_PORT),
  LOCAL_MAIL_PORT: shift(BENCH_ENV.LOCAL_MAIL_PORT),
  LOCAL_DATA_DIR: dataDir,
  LOCAL_DB_DURABILITY: 'off',
  LOCAL_AUTH_RATE_LIMITS: 'off',
  LOCAL_FUNCTIONS_SCHEDULER: 'off',
  ...process.env,
})

const LANDLORD = 'e0000000-0000-4000-8000-000000000001'
const RACE_LANDLORD = 'e0000000-0000-4000-8000-000000000002'
const hunterId = (n: number) => `e1000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const PEOPLE_SQL = `
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.id || '@example.com', '',
  now(), '{"provider": "email", "providers": ["email"]}', jsonb_build_object('name', 'Bench ' || p.n), now(), now(),
  '', '', '', ''
from (
  select $1::uuid as id, 0 as n union all select $2::uuid, 0
  union all select ('e1000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, g from generate_series(1, $3::int) as g
) as p
on conflict (id) do nothing`

// The landlord's 500 listings, 10 times each over the next 80 days (5,000), each booked by a hunter; and one
// listing of another landlord with the 20 times of the race.
const DATA_SQL = `
insert into public.profiles (id, name, email)
select id, raw_user_meta_data ->> 'name', email from auth.users on conflict do nothing;
insert into public.listings (id, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
  regular_price, image_urls, latitude, longitude, user_ref)
select ('e2000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'rent', 'Bench viewing flat ' || g, 2, 1, false,
  false, g || ' Elm Road, London', false, 1500, array['https://images.example.com/' || g || '.jpg'],
  51.5 + g / 10000.0, -0.1, case when g = 0 then '${RACE_LANDLORD}'::uuid else '${LANDLORD}'::uuid end
from generate_series(0, ${LISTINGS}) as g;
insert into public.viewing_slots (id, listing_id, landlord_id, starts_at, minutes, ends_at)
select gen_random_uuid(), ('e2000000-0000-4000-8000-' || lpad((1 + s % ${LISTINGS})::text, 12, '0'))::uuid,
  '${LANDLORD}'::uuid, date_trunc('hour', now()) + interval '2 hours' + (s / ${LISTINGS}) * interval '8 days'
    + (s % ${LISTINGS}) * interval '20 minutes',
  20, date_trunc('hour', now()) + interval '2 hours' + (s / ${LISTINGS}) * interval '8 days'
    + (s % ${LISTINGS}) * interval '20 minutes' + interval '20 minutes'
from generate_series(0, ${BOOKINGS - 1}) as s;
insert into public.viewing_bookings (slot_id, listing_id, hunter_id, landlord_id, starts_at, ends_at, status)
select s.id, s.listing_id, ('e1000000-0000-4000-8000-' || lpad((1 + row_number() over (order by s.starts_at) % ${HUNTERS})::text, 12, '0'))::uuid,
  s.landlord_id, s.starts_at, s.ends_at, 'booked'
from public.viewing_slots as s where s.landlord_id = '${LANDLORD}';
insert into public.viewing_slots (listing_id, landlord_id, starts_at, minutes, ends_at)
select 'e2000000-0000-4000-8000-000000000000', '${RACE_LANDLORD}'::uuid,
  date_trunc('hour', now()) + interval '1 day' + g * interval '30 minutes', 20,
  date_trunc('hour', now()) + interval '1 day' + g * interval '30 minutes' + interval '20 minutes'
from generate_series(0, ${RACE_SLOTS - 1}) as g;`

const stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
try {
  const seeder = new pg.Client({ connectionString: stack.superuserUrl })
  await seeder.connect()
  const t = performance.now()
  // Bench data is history written as it was: with the triggers off, which takes the cluster's superuser.
  await seeder.query('set session_replication_role = replica')
  await seeder.query(PEOPLE_SQL, [LANDLORD, RACE_LANDLORD, HUNTERS])
  await seeder.query(DATA_SQL)
  await seeder.query('set session_replication_role = origin')
  await seeder.query(
    'vacuum (analyze) public.viewing_slots, public.viewing_bookings, public.listings, public.profiles',
  )
  const counts = (
    await seeder.query(
      `select (select count(*) from public.listings where user_ref = $1) as listings,
              (select count(*) from public.viewing_bookings where landlord_id = $1) as bookings`,
      [LANDLORD],
    )
  ).rows[0]
  log(`seeded in ${Math.round(performance.now() - t)} ms: ${JSON.stringify(counts)}`)

  const signIn = async (id: string) => {
    const token = await new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(config.jwtSecret))
    return createClient(config.apiUrl, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
  }

  // The Viewings screen of the landlord.
  const landlord = await signIn(LANDLORD)
  const requests = Number(process.env.BENCH_REQUESTS ?? 200)
  let rows = 0
  const http = await timeLoop(
    async () => {
      const { data, error } = await landlord.rpc('my_viewings', {})
      if (error) throw error
      rows = data.length
    },
    requests,
    1,
  )
  const asLandlord = async () => {
    await seeder.query('begin')
    await seeder.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: LANDLORD, role: 'authenticated' })],
    )
    const r = await seeder.query(`explain (analyze, format json) select * from public.my_viewings()`)
    await seeder.query('rollback')
    return (r.rows[0]['QUERY PLAN'][0] as { 'Execution Time': number })['Execution Time']
  }
  const executions: number[] = []
  for (let i = 0; i < 51; i += 1) executions.push(await asLandlord())
  const httpP95 = quantile(http.latencies, 0.95)
  log(
    `Viewings screen, landlord of ${counts.listings} listings and ${counts.bookings} bookings (${rows} rows): ` +
      `HTTP p50/p95 ${round(quantile(http.latencies, 0.5))} / ${round(httpP95)} ms; ` +
      `Postgres execution p50/p95 ${round(quantile(executions, 0.5), 2)} / ${round(quantile(executions, 0.95), 2)} ms ` +
      `(budget p95 ≤ ${BUDGET_P95_MS} ms: ${httpP95 <= BUDGET_P95_MS ? 'met' : 'missed'})`,
  )

  // The race: 100 people, the same 20 times, all at once.
  const slots = (
    await seeder.query<{ id: string }>(
      `select id from public.viewing_slots where landlord_id = $1 order by starts_at`,
      [RACE_LANDLORD],
    )
  ).rows.map((r) => r.id)
  const racers = await Promise.all(Array.from({ length: RACERS }, (_, i) => signIn(hunterId(i + 1))))
  const raceStart = performance.now()
  const outcomes = await Promise.all(
    racers.map(async (client, i) => {
      const { error } = await client.rpc('book_viewing', { slot_id: slots[i % RACE_SLOTS] })
      if (!error) return 'booked'
      return error.code === 'VW001' ? 'refused' : `error ${error.code}: ${error.message}`
    }),
  )
  const raceMs = Math.round(performance.now() - raceStart)
  const tally = (what: string) => outcomes.filter((o) => o === what).length
  const errors = outcomes.filter((o) => o.startsWith('error'))
  const perSlot = (
    await seeder.query<{ n: number }>(
      `select count(*)::int as n from public.viewing_bookings where landlord_id = $1 group by slot_id`,
      [RACE_LANDLORD],
    )
  ).rows.map((r) => r.n)
  log(
    `race: ${RACERS} people, ${RACE_SLOTS} times, in ${raceMs} ms: ${tally('booked')} bookings, ` +
      `${tally('refused')} refusals (“That time was just taken: pick another”), ${errors.length} errors; ` +
      `bookings per time: max ${Math.max(...perSlot)}` +
      (errors.length ? `; first error: ${errors[0]}` : ''),
  )
  await seeder.end()
  if (tally('booked') !== RACE_SLOTS || errors.length > 0) process.exitCode = 1
} finally {
  await stack.stop()
}
