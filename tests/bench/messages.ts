// `npm run bench:messages`: the Messages queries at 100,000 listings and 1,000,000 messages, on a bench stack of
// their own (data kept between runs in .local/bench-messages): a busy landlord's and a hunter's conversation
// list, the unread count, and the latest page of a 20,000-message conversation, each through the stack with
// supabase-js (HTTP, RLS, JSON) and in Postgres as the signed-in role, p50/p95 over BENCH_REQUESTS calls.
import os from 'node:os'
import path from 'node:path'
import { BENCH_ENV, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { startStack } from '@roost/local-supabase/stack'
import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import pg from 'pg'
import WebSocket from 'ws'
import { quantile, round, timeLoop } from './stats'

const MESSAGES = 1_000_000
const HUNTERS = 2_000
const CONVERSATIONS = 50_000
/** One conversation holds this many messages: paging a long one. */
const LONG = 20_000
const PAGE = 30

const log = (line: string) => console.log(`[bench:messages] ${line}`)
const shift = (port: string) => String(Number(port) + 700)
const config = loadConfig({
  ...BENCH_ENV,
  APP_PORT: shift(BENCH_ENV.APP_PORT),
  LOCAL_API_PORT: shift(BENCH_ENV.LOCAL_API_PORT),
  LOCAL_DB_PORT: shift(BENCH_ENV.LOCAL_DB_PORT),
  LOCAL_MAIL_PORT: shift(BENCH_ENV.LOCAL_MAIL_PORT),
  LOCAL_DATA_DIR: path.join(PROJECT_DIR, '.local', 'bench-messages'),
  LOCAL_DB_DURABILITY: 'off',
  LOCAL_AUTH_RATE_LIMITS: 'off',
  LOCAL_FUNCTIONS_SCHEDULER: 'off',
  ...process.env,
})

const HUNTERS_SQL = `
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000',
  ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
  'authenticated', 'authenticated', 'bench-hunter-' || n || '@example.com', hash.value, now(),
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('name', 'Bench Hunter ' || n), now(), now(),
  '', '', '', ''
from generate_series(1, $1::int) as n
cross join (select extensions.crypt('roost-bench', extensions.gen_salt('bf', 4)) as value) as hash
on conflict (id) do nothing`

// Conversation c: hunter c % HUNTERS about listing number c * 7 (so a landlord with many listings has
// hundreds of conversations), started over the last 90 days. Conversation 1 is the long one.
const CONVERSATIONS_SQL = `
with l as (select id, user_ref, row_number() over (order by id) as k from public.listings),
c as (
  select g,
    ('c0000000-0000-4000-8000-' || lpad((1 + g % $2::int)::text, 12, '0'))::uuid as hunter_id,
    ('d0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid as id
  from generate_series(1, $1::int) as g
)
insert into public.conversations (id, listing_id, hunter_id, landlord_id, created_at, last_message_at, hunter_read_at, landlord_read_at)
select c.id, l.id, c.hunter_id, l.user_ref, now() - interval '90 days', now() - interval '90 days', now() - interval '90 days', '-infinity'
from c join l on l.k = 1 + (c.g * 7) % (select count(*) from public.listings)
where l.user_ref <> c.hunter_id
on conflict do nothing`

// Messages: LONG in conversation 1, the rest spread over the others; alternating sides, a minute apart.
const MESSAGES_SQL = `
with conv as (select id, hunter_id, landlord_id, row_number() over (order by id) as k from public.conversations),
n as (select count(*) as n from conv),
m as (
  select g, case when g <= $2::int then 1 else 2 + (g::bigint * 7919) % (n.n - 1) end as k
  from generate_series(1, $1::int) as g, n
)
insert into public.messages (conversation_id, sender_id, body, created_at)
select conv.id, case when m.g % 2 = 0 then conv.landlord_id else conv.hunter_id end,
  'Bench message ' || m.g || ': is the flat still available, and could I see it this week?',
  now() - interval '90 days' + m.g * interval '7 seconds'
from m join conv on conv.k = m.k`

const FINISH_SQL = `
update public.conversations as c
set last_message_at = x.last_at, last_sender_id = x.sender,
    hunter_read_at = case when x.sender = c.hunter_id then x.last_at else c.hunter_read_at end,
    landlord_read_at = case when x.sender = c.landlord_id then x.last_at else c.landlord_read_at end
from (
  select distinct on (conversation_id) conversation_id, created_at as last_at, sender_id as sender
  from public.messages order by conversation_id, created_at desc, id desc
) as x
where x.conversation_id = c.id`

async function seed(db: pg.Pool, superuserUrl: string): Promise<void> {
  // Bench data is history written as it was: with the triggers off (stamps, alert matching per listing),
  // which takes the cluster's superuser.
  const seeder = new pg.Client({ connectionString: superuserUrl })
  await seeder.connect()
  try {
    await seeder.query('set session_replication_role = replica')
    const listings = await seedBenchListings(seeder)
    log(`listings: ${listings.total} (${listings.ms} ms)`)
  } finally {
    await seeder.end()
  }
  const have = Number((await db.query('select count(*) as n from public.messages')).rows[0].n)
  if (have >= MESSAGES) return log(`messages: ${have} already`)
  const t = performance.now()
  const client = new pg.Client({ connectionString: superuserUrl })
  await client.connect()
  try {
    // Seeding writes history as it was: the triggers that stamp the time and count the limits are off.
    await client.query('set session_replication_role = replica')
    await client.query(HUNTERS_SQL, [HUNTERS])
    await client.query(
      `insert into public.profiles (id, name, email) select id, raw_user_meta_data ->> 'name', email from auth.users on conflict do nothing`,
    )
    await client.query(CONVERSATIONS_SQL, [CONVERSATIONS, HUNTERS])
    await client.query(MESSAGES_SQL, [MESSAGES - have, LONG])
    await client.query(FINISH_SQL)
  } finally {
    await client.end()
  }
  await db.query('vacuum (analyze) public.conversations, public.messages')
  log(`messages: seeded in ${Math.round(performance.now() - t)} ms`)
}

type Row = { name: string; rows: number; stack: string; stackP95: number; pg: string; pgP95: number }

const stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
try {
  await seed(stack.db.admin, stack.superuserUrl)
  const db = stack.db.admin
  const counts = (
    await db.query(
      `select (select count(*) from public.listings) as listings, (select count(*) from public.messages) as messages,
              (select count(*) from public.conversations) as conversations`,
    )
  ).rows[0]
  log(`data: ${JSON.stringify(counts)}`)
  const busy = (
    await db.query(
      `select landlord_id as id, count(*) as n from public.conversations group by 1 order by 2 desc limit 1`,
    )
  ).rows[0] as { id: string; n: string }
  const long = (await db.query(`select c.id, c.hunter_id from public.conversations c order by c.id limit 1`))
    .rows[0] as { id: string; hunter_id: string }
  // A session as Supabase Auth would issue it for the person: a JWT signed with the stack's secret.
  const signIn = async (id: string) => {
    const token = await new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(config.jwtSecret))
    return createClient(config.apiUrl, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      // Node 20 has no global WebSocket, which supabase-js asks for (realtime is unused).
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
  }
  const landlord = await signIn(busy.id)
  const hunter = await signIn(long.hunter_id)
  log(`busy landlord: ${busy.n} conversations; long conversation: ${LONG} messages`)

  const pgClient = new pg.Client({ connectionString: stack.superuserUrl })
  await pgClient.connect()
  const asUser = async (id: string, sql: string, params: unknown[]) => {
    await pgClient.query('begin')
    await pgClient.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: id, role: 'authenticated' })],
    )
    const r = await pgClient.query(sql, params)
    await pgClient.query('rollback')
    return r.rows.length
  }

  const requests = Number(process.env.BENCH_REQUESTS ?? 200)
  /** Postgres's own execution time of the statement as the person (EXPLAIN ANALYZE): the query, without the queue for a CPU. */
  const executionMs = async (id: string, sql: string, params: unknown[]) => {
    await pgClient.query('begin')
    await pgClient.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: id, role: 'authenticated' })],
    )
    const r = await pgClient.query(`explain (analyze, format json) ${sql}`, params)
    await pgClient.query('rollback')
    return (r.rows[0]['QUERY PLAN'][0] as { 'Execution Time': number })['Execution Time']
  }
  const explains = [
    ['conversation list, busy landlord', busy.id, 'select * from public.my_conversations($1)', [PAGE]],
    ['conversation list, hunter', long.hunter_id, 'select * from public.my_conversations($1)', [PAGE]],
    ['unread count, busy landlord', busy.id, 'select public.unread_conversation_count()', []],
    [
      'latest page',
      long.hunter_id,
      'select id, sender_id, body, created_at from public.messages where conversation_id = $1 order by created_at desc, id desc limit $2',
      [long.id, PAGE],
    ],
  ] as const
  for (const [name, id, sql, params] of explains) {
    const times: number[] = []
    for (let i = 0; i < 21; i++) times.push(await executionMs(id, sql, [...params]))
    log(
      `${name}: execution p50/p95 ${round(quantile(times, 0.5), 2)} / ${round(quantile(times, 0.95), 2)} ms`,
    )
  }
  const cases: { name: string; http: () => Promise<number>; sql: () => Promise<number> }[] = [
    {
      name: `conversation list, busy landlord (${busy.n})`,
      http: async () => (await landlord.rpc('my_conversations', { page_size: PAGE })).data?.length ?? 0,
      sql: () => asUser(busy.id, 'select * from public.my_conversations($1)', [PAGE]),
    },
    {
      name: 'conversation list, hunter',
      http: async () => (await hunter.rpc('my_conversations', { page_size: PAGE })).data?.length ?? 0,
      sql: () => asUser(long.hunter_id, 'select * from public.my_conversations($1)', [PAGE]),
    },
    {
      name: 'unread count, busy landlord',
      http: async () => ((await landlord.rpc('unread_conversation_count')).data === null ? 0 : 1),
      sql: () => asUser(busy.id, 'select public.unread_conversation_count()', []),
    },
    {
      name: `latest page of a ${LONG}-message conversation`,
      http: async () =>
        (
          await hunter
            .from('messages')
            .select('id, sender_id, body, created_at')
            .eq('conversation_id', long.id)
            .order('created_at', { ascending: false })
            .order('id', { ascending: false })
            .limit(PAGE)
        ).data?.length ?? 0,
      sql: () =>
        asUser(
          long.hunter_id,
          'select id, sender_id, body, created_at from public.messages where conversation_id = $1 order by created_at desc, id desc limit $2',
          [long.id, PAGE],
        ),
    },
  ]
  // The machine's load while measuring: on a shared machine the figures are read against it.
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')
  log(`load average (1 / 5 / 15 min) before timing: ${load()} on ${os.cpus().length} CPUs`)
  const rows: Row[] = []
  for (const c of cases) {
    const n = await c.http()
    for (let i = 0; i < 20; i++) await c.http()
    const h = await timeLoop(c.http, requests, 1)
    for (let i = 0; i < 20; i++) await c.sql()
    const s = await timeLoop(c.sql, requests, 1)
    const fmt = (l: number[]) => `${round(quantile(l, 0.5), 2)} / ${round(quantile(l, 0.95), 2)}`
    rows.push({
      name: c.name,
      rows: n,
      stack: fmt(h.latencies),
      stackP95: round(quantile(h.latencies, 0.95), 2),
      pg: fmt(s.latencies),
      pgP95: round(quantile(s.latencies, 0.95), 2),
    })
  }
  console.table(
    rows.map((r) => ({ query: r.name, rows: r.rows, 'stack p50/p95 ms': r.stack, 'pg p50/p95 ms': r.pg })),
  )
  log(`load average (1 / 5 / 15 min) after timing: ${load()}`)
  const plan = await pgClient.query('begin').then(async () => {
    await pgClient.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: long.hunter_id, role: 'authenticated' })],
    )
    const r = await pgClient.query(
      'explain (analyze, buffers) select * from public.messages where conversation_id = $1 order by created_at desc, id desc limit 30',
      [long.id],
    )
    await pgClient.query('rollback')
    return r.rows.map((x) => x['QUERY PLAN']).join('\n')
  })
  console.log(plan)
  await pgClient.end()
  const worst = Math.max(...rows.map((r) => r.stackP95))
  log(`worst p95 through the stack: ${worst} ms (target < 20 ms)`)
} finally {
  await stack.stop()
}
process.exit(0)
