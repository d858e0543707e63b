// The moderation queue at scale: 100,000 open reports (4 on each of 25,000 listings of 125 landlords, one in
// five listings held), then pages of the queue as a moderator reads them, through the stack (supabase-js,
// `moderation_queue`, keyset on (priority, opened_at, id)), with the plan of the page's index read. The planted
// listings go afterwards, with their reports and cases.
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { quantile, round, timeLoop } from './stats'

export type ModerationOptions = {
  /** A superuser's connection: the rows are planted with triggers off, as a restore would. */
  superuserUrl: string
  apiUrl: string
  anonKey: string
  serviceRoleKey: string
  requests: number
  warmup: number
}

export type ModerationReport = {
  openReports: number
  cases: number
  pageSize: number
  p50Ms: number
  p95Ms: number
  plan: string
  indexScan: boolean
}

const LISTINGS = 25_000
const REPORTS_EACH = 4
const PAGE_SIZE = 20
const NAME = 'Bench queue flat'

async function plant(db: pg.Client): Promise<void> {
  await db.query('begin')
  await db.query("set local session_replication_role = 'replica'")
  await db.query(
    `insert into public.listings (id, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
       regular_price, image_urls, latitude, longitude, user_ref)
     select gen_random_uuid(), 'rent', '${NAME} ' || n, 2, 1, false, false, 'Mill Road, Cambridge', false, 1200,
       array['https://images.example.com/listings/x/y/1.jpg'], 52.2, 0.14,
       ('00000000-0000-4000-8000-' || lpad((n % 125)::text, 12, '0'))::uuid
     from generate_series(1, $1::int) as n`,
    [LISTINGS],
  )
  await db.query(
    `insert into public.listing_reports (listing_id, reporter_id, reason, created_at)
     select l.id, gen_random_uuid(), 'Scam or fraud', now() - (random() * interval '30 days')
     from public.listings as l cross join generate_series(1, $1::int)
     where l.name like '${NAME} %'`,
    [REPORTS_EACH],
  )
  await db.query(
    `insert into public.moderation_cases (listing_id, priority, opened_at)
     select r.listing_id, case when random() < 0.2 then 0 else 1 end, min(r.created_at)
     from public.listing_reports as r join public.listings as l on l.id = r.listing_id
     where l.name like '${NAME} %'
     group by r.listing_id`,
  )
  await db.query('commit')
  await db.query('analyze public.moderation_cases, public.listing_reports, public.listings')
}

export async function benchModerationQueue(options: ModerationOptions): Promise<ModerationReport> {
  const db = new pg.Client({ connectionString: options.superuserUrl })
  await db.connect()
  const email = `bench-moderator-${Date.now()}@example.com`
  const password = 'bench-moderator-password'
  try {
    await plant(db)
    const admin = createClient(options.apiUrl, options.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
    const created = await admin.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      app_metadata: { roles: ['moderator'] },
    })
    if (created.error) throw created.error
    const moderator = createClient(options.apiUrl, options.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
    const signedIn = await moderator.auth.signInWithPassword({ email, password })
    if (signedIn.error) throw signedIn.error

    // Each request reads the page after the last one read, as Load More does, walking the whole queue.
    type Row = { priority: number; opened_at: string; case_id: number }
    let after: Row | undefined
    const page = async () => {
      const { data, error } = await moderator.rpc('moderation_queue', {
        ...(after
          ? { after_priority: after.priority, after_opened_at: after.opened_at, after_id: after.case_id }
          : {}),
        page_size: PAGE_SIZE,
      })
      if (error) throw error
      after = (data as Row[]).at(-1)
    }
    await timeLoop(page, options.warmup, 1)
    const { latencies } = await timeLoop(page, options.requests, 1)

    const explained = await db.query<{ 'QUERY PLAN': string }>(
      `explain select c.id from public.moderation_cases as c
       where c.closed_at is null and (c.priority, c.opened_at, c.id) > (0::smallint, now() - interval '15 days', 0::bigint)
       order by c.priority, c.opened_at, c.id limit ${PAGE_SIZE}`,
    )
    const plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n')
    const counts = await db.query<{ reports: string; cases: string }>(
      `select (select count(*) from public.listing_reports where reviewed_at is null) as reports,
              (select count(*) from public.moderation_cases where closed_at is null) as cases`,
    )
    const deleted = await admin.auth.admin.deleteUser(created.data.user.id)
    if (deleted.error) throw deleted.error
    return {
      openReports: Number(counts.rows[0]?.reports ?? 0),
      cases: Number(counts.rows[0]?.cases ?? 0),
      pageSize: PAGE_SIZE,
      p50Ms: round(quantile(latencies, 0.5)),
      p95Ms: round(quantile(latencies, 0.95)),
      plan,
      indexScan: plan.includes('moderation_cases_queue') && !/\bSort\b/.test(plan),
    }
  } finally {
    // The planted listings go, with their reports and cases, so what runs after sees the market as it was.
    await db.query(`delete from public.listings where name like '${NAME} %'`).catch(() => undefined)
    await db.end()
  }
}
