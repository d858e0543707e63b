// `npm run bench:together`: the budgets of hunting together, on a stack of its own (ports of `npm run bench`
// plus 1,100 and BENCH_PORT_OFFSET, data in .local/bench-together, fresh each run):
// - a shortlist of 200 homes with 1,000 notes (4 members, a note and a vote from each on every home, and 200 from a
//   former member who deleted their account) opens: the reads the Saved screen makes
//   (members, homes, notes, open invitations, at once), p50/p95 through the stack with supabase-js as a member
//   (HTTP, RLS, JSON) and in Postgres, and on the device with no signal (its kept copy); budget p95 ≤ 20 ms;
// - 10,000 daily-digest emails (10 homes each) built and handed to the mail API (the stack's outbox stand-in for
//   Resend) by send-alerts' own email loop (supabase/functions/send-alerts/emails.ts), 4 senders at once as
//   overlapping scheduled runs would be; budget under a minute.
// The device database's IndexedDB, in Node.
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BENCH_ENV } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { startStack } from '@roost/local-supabase/stack'
import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import pg from 'pg'
import WebSocket from 'ws'
import { postEmail } from '../../supabase/functions/_shared/mail-api'
import { unsubscribeUrl } from '../../supabase/functions/_shared/unsubscribe-token'
import { quantile, round, timeLoop } from './stats'

const HOMES = 200
const NOTES = 1_000
const DIGESTS = Number(process.env.BENCH_DIGESTS ?? 10_000)
const HOMES_PER_DIGEST = 10
const SENDERS = 4
const OPEN_BUDGET_P95_MS = 20
const DIGEST_BUDGET_MS = 60_000

// The function's own loop; it imports its neighbours as Deno does (`.ts`), which tsx runs and tsc here does not read.
type EmailLoop = (
  mode: 'daily',
  deps: {
    db: pg.Client
    send: (email: Parameters<typeof postEmail>[1]) => ReturnType<typeof postEmail>
    appUrl: string
    unsubscribeUrl: (searchId: string) => Promise<string>
    budgetMs: number
    part: { index: number; of: number }
  },
) => Promise<{ emails: number; emailFailures: number; emailBounces: number }>
const EMAIL_LOOP = '../../supabase/functions/send-alerts/emails.ts'
const { sendAlertEmails } = (await import(EMAIL_LOOP)) as { sendAlertEmails: EmailLoop }

const log = (line: string) => console.log(`[bench:together] ${line}`)
const offset = 1100 + Number(process.env.BENCH_PORT_OFFSET ?? 0)
const shift = (port: string) => String(Number(port) + offset)
const dataDir = path.join(PROJECT_DIR, '.local', 'bench-together')
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

const LANDLORD = 'f0000000-0000-4000-8000-000000000001'
const SHORTLIST = 'f3000000-0000-4000-8000-000000000001'
const memberId = (n: number) => `f1000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const seekerSql = (g: string) => `('f4000000-0000-4000-8000-' || lpad(${g}::text, 12, '0'))::uuid`
const listingSql = (g: string) => `('f2000000-0000-4000-8000-' || lpad(${g}::text, 12, '0'))::uuid`

// The landlord, 4 members and the digests' people; profiles beside them.
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
  select '${LANDLORD}'::uuid as id, 0 as n
  union all select ('f1000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, g from generate_series(1, 4) as g
  union all select ${seekerSql('g')}, g from generate_series(1, ${DIGESTS}) as g
) as p;
insert into public.profiles (id, name, email)
select id, raw_user_meta_data ->> 'name', email from auth.users on conflict do nothing;`

const DATA_SQL = `
insert into public.listings (id, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
  regular_price, image_urls, latitude, longitude, user_ref)
select ${listingSql('g')}, 'rent', 'Bench together flat ' || g, 2, 1, false, false, g || ' Elm Road, London', false,
  1500 + g, array['https://images.example.com/' || g || '.jpg'], 51.5 + g / 10000.0, -0.1, '${LANDLORD}'::uuid
from generate_series(1, ${HOMES}) as g;
insert into public.shortlists (id) values ('${SHORTLIST}');
insert into public.shortlist_members (shortlist_id, user_id, seat, name)
select '${SHORTLIST}', ('f1000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, g, 'Member ' || g
from generate_series(1, 4) as g;
insert into public.shortlist_homes (shortlist_id, listing_id, added_by)
select '${SHORTLIST}', ${listingSql('g')}, ('f1000000-0000-4000-8000-' || lpad((1 + g % 4)::text, 12, '0'))::uuid
from generate_series(1, ${HOMES}) as g;
insert into public.home_notes (author_id, listing_id, shortlist_id, body, vote)
select case when n < 800 then ('f1000000-0000-4000-8000-' || lpad((1 + n % 4)::text, 12, '0'))::uuid end,
  ${listingSql(`(1 + n / 4 % ${HOMES})`)}, '${SHORTLIST}', repeat('Smelled damp, ask about the boiler. ', 1 + n % 8),
  case n % 3 when 0 then 'up' when 1 then 'down' end
from generate_series(0, ${NOTES - 1}) as n;
insert into public.saved_searches (id, user_id, name, params, alerts, last_opened_at)
select ${seekerSql('g')}, ${seekerSql('g')}, 'Flats ' || g, jsonb_build_object('minBeds', 1 + g % 3), 'daily', now() - interval '2 days'
from generate_series(1, ${DIGESTS}) as g;
insert into public.saved_search_channels (saved_search_id, user_id, push, email)
select ${seekerSql('g')}, ${seekerSql('g')}, false, true from generate_series(1, ${DIGESTS}) as g;
insert into public.alert_emails (saved_search_id, listing_id, user_id, kind, created_at)
select ${seekerSql('g')}, ${listingSql(`(1 + (g * 7 + h) % ${HOMES})`)}, ${seekerSql('g')}, 'daily', now() - interval '1 day'
from generate_series(1, ${DIGESTS}) as g, generate_series(1, ${HOMES_PER_DIGEST}) as h;`

/** Opens a kept shortlist of 200 homes and 1,000 notes 200 times on the device database; each time in ms. */
async function openOnDevice(): Promise<number[]> {
  const { RoostDb } = await import('../../src/lib/local-db')
  const db = new RoostDb('bench-together')
  const listingIds = Array.from(
    { length: HOMES },
    (_, i) => `f2000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  )
  await db.listings.bulkPut(
    listingIds.map(
      (id, i) =>
        ({
          id,
          type: 'rent',
          name: `Bench together flat ${i}`,
          createdAt: '2026-11-28',
          userRef: LANDLORD,
          seenAt: 1,
        }) as never,
    ),
  )
  const member = memberId(1)
  await db.shortlists.put({
    userId: member,
    shortlistId: SHORTLIST,
    members: [1, 2, 3, 4].map((n) => ({ userId: memberId(n), name: `Member ${n}`, seat: n })),
    homes: listingIds.map((listingId, i) => ({
      listingId,
      addedBy: memberId(1 + (i % 4)),
      addedAt: '2026-11-28',
    })),
    notes: Array.from({ length: NOTES }, (_, n) => ({
      authorId: n < 800 ? memberId(1 + (n % 4)) : null,
      listingId: listingIds[Math.floor(n / 4) % HOMES] as string,
      body: 'Smelled damp, ask about the boiler. '.repeat(1 + (n % 8)),
      vote: n % 3 === 0 ? ('up' as const) : null,
      updatedAt: '2026-11-28',
    })),
    invitation: null,
    fetchedAt: 1,
  })
  const times: number[] = []
  for (let i = 0; i < 210; i += 1) {
    const t = performance.now()
    const row = await db.shortlists.get(member)
    const listings = await db.listings.bulkGet((row?.homes ?? []).map((home) => home.listingId))
    // What the cards show: each home's notes.
    const byHome = new Map<string, number>()
    for (const note of row?.notes ?? []) byHome.set(note.listingId, (byHome.get(note.listingId) ?? 0) + 1)
    if (listings.length !== HOMES || byHome.size !== HOMES)
      throw new Error('the device shortlist is not whole')
    if (i >= 10) times.push(performance.now() - t)
  }
  db.close()
  return times
}

const stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
try {
  const seeder = new pg.Client({ connectionString: stack.superuserUrl })
  // The stack's stop ends this connection; that is not the bench's error.
  seeder.on('error', () => undefined)
  await seeder.connect()
  const t = performance.now()
  await seeder.query('set session_replication_role = replica')
  await seeder.query(PEOPLE_SQL)
  await seeder.query(DATA_SQL)
  await seeder.query('set session_replication_role = origin')
  await seeder.query(
    'vacuum (analyze) public.home_notes, public.shortlist_homes, public.shortlist_members, public.alert_emails, public.saved_search_channels, public.saved_searches',
  )
  log(`seeded in ${Math.round(performance.now() - t)} ms`)

  // A member opens the shortlist: the Saved screen's reads, at once (src/features/saved/api/shortlist-remote.ts).
  const token = await new SignJWT({ sub: memberId(1), role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(config.jwtSecret))
  const member = createClient(config.apiUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  let counts = { homes: 0, notes: 0 }
  const open = async () => {
    const [members, homes, notes, invitations] = await Promise.all([
      member.from('shortlist_members').select('user_id, name, seat, shortlist_id').order('seat'),
      member.from('shortlist_homes').select('listing_id, added_by, created_at'),
      member.from('home_notes').select('author_id, listing_id, body, vote, updated_at'),
      member.from('shortlist_invitations').select('id').is('used_at', null).is('revoked_at', null),
    ])
    for (const answer of [members, homes, notes, invitations]) if (answer.error) throw answer.error
    counts = { homes: homes.data?.length ?? 0, notes: notes.data?.length ?? 0 }
  }
  for (let i = 0; i < 10; i += 1) await open()
  const opened = await timeLoop(open, Number(process.env.BENCH_REQUESTS ?? 200), 1)
  const openP95 = quantile(opened.latencies, 0.95)
  // The same four reads in Postgres as the member (RLS included): what the database spends, apart from queueing.
  const OPEN_SQL = [
    'select user_id, name, seat, shortlist_id from public.shortlist_members order by seat',
    'select listing_id, added_by, created_at from public.shortlist_homes',
    'select author_id, listing_id, body, vote, updated_at from public.home_notes',
    'select id from public.shortlist_invitations where used_at is null and revoked_at is null',
  ]
  const inPostgres: number[] = []
  for (let i = 0; i < 51; i += 1) {
    await seeder.query('begin')
    await seeder.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: memberId(1), role: 'authenticated' })],
    )
    let total = 0
    for (const sql of OPEN_SQL) {
      const r = await seeder.query(`explain (analyze, format json) ${sql}`)
      total += (r.rows[0]['QUERY PLAN'][0] as { 'Execution Time': number })['Execution Time']
    }
    await seeder.query('rollback')
    inPostgres.push(total)
  }
  log(
    `a shortlist of ${counts.homes} homes with ${counts.notes} notes opens: HTTP p50/p95 ` +
      `${round(quantile(opened.latencies, 0.5))} / ${round(openP95)} ms; Postgres execution of its four reads ` +
      `p50/p95 ${round(quantile(inPostgres, 0.5), 2)} / ${round(quantile(inPostgres, 0.95), 2)} ms` +
      '; ' +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  )

  // The same shortlist opening on the phone with no signal: the device's kept row and its homes' listings
  // (src/device/shortlist.ts), and every card's notes picked out, on fake-indexeddb in Node (a browser's
  // IndexedDB is faster still).
  const device = await openOnDevice()
  log(
    `on the device: p50/p95 ${round(quantile(device, 0.5), 2)} / ${round(quantile(device, 0.95), 2)} ms ` +
      `(budget p95 ≤ ${OPEN_BUDGET_P95_MS} ms: ${quantile(device, 0.95) <= OPEN_BUDGET_P95_MS ? 'met' : 'missed'})`,
  )

  // The daily digests, through send-alerts' email loop and the mail API.
  const mail = { apiUrl: `${config.mailUrl}/resend`, apiKey: 'local', from: 'Roost <no-reply@roost.local>' }
  const secret = config.serviceRoleKey
  const started = performance.now()
  const senders = await Promise.all(
    Array.from({ length: SENDERS }, async (_, index) => {
      const db = new pg.Client({ connectionString: stack.superuserUrl, application_name: 'bench-together' })
      await db.connect()
      try {
        return await sendAlertEmails('daily', {
          db,
          send: (email) => postEmail(mail, email),
          appUrl: config.siteUrl,
          unsubscribeUrl: (searchId) => unsubscribeUrl(config.apiUrl, searchId, secret),
          budgetMs: 5 * DIGEST_BUDGET_MS,
          part: { index, of: SENDERS },
        })
      } finally {
        await db.end()
      }
    }),
  )
  const digestMs = performance.now() - started
  const emails = senders.reduce((sum, s) => sum + s.emails, 0)
  const failures = senders.reduce((sum, s) => sum + s.emailFailures + s.emailBounces, 0)
  const left = (
    await seeder.query<{ n: number }>(
      'select count(*)::int as n from public.alert_emails where sent_at is null',
    )
  ).rows[0]?.n
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}: ` +
      `${emails} daily digests of ${HOMES_PER_DIGEST} homes built and handed to the mail API in ${round(digestMs / 1000)} s ` +
      `by ${SENDERS} senders (${round(emails / (digestMs / 1000))} a second; ${failures} failures, ${left} rows left) ` +
      `(budget ${DIGESTS} under ${DIGEST_BUDGET_MS / 1000} s: ${emails === DIGESTS && digestMs < DIGEST_BUDGET_MS ? 'met' : 'missed'})`,
  )
  await seeder.end()
  if (quantile(device, 0.95) > OPEN_BUDGET_P95_MS || emails !== DIGESTS || digestMs >= DIGEST_BUDGET_MS)
    process.exitCode = 1
} catch (error) {
  console.error('[bench:together] failed:', error)
  process.exitCode = 1
} finally {
  await stack.stop()
}
