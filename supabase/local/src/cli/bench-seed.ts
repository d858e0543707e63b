// `npm run bench:seed`: grows the bench database (LOCAL_DATA_DIR, default .local/bench) to 100,000 listings
// for the query benchmarks. Safe to run again: it only adds what is missing.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type pg from 'pg'
import { loadConfig, REPO_ROOT, stackEnv } from '../config'
import { startStack } from '../stack'
import { fail, log } from './run'

export const BENCH_LISTINGS = 100_000
/** Extra landlords, so "a user's listings" is a few hundred rows as on a busy site, not a third of the table. */
export const BENCH_OWNERS = 200

/** Bench owners: deterministic ids and emails, password "roost-bench". */
const OWNERS_SQL = `
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000',
  ('b0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
  'authenticated', 'authenticated', 'bench-owner-' || n || '@example.com', hash.value, now(),
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('name', 'Bench Owner ' || n), now(), now(),
  '', '', '', ''
from generate_series(1, $1::int) as n
cross join (select extensions.crypt('roost-bench', extensions.gen_salt('bf', 4)) as value) as hash
on conflict (id) do nothing`

/**
 * One INSERT … SELECT: listing g copies the place, description and pictures of a seed listing (so cards
 * show real images and a search for a place finds about as many homes as a real site would), alternates
 * rent and sale, puts every fifth on offer, gives a fifth a status past available and a seventh a reduction, spreads owners over the demo and bench accounts (the picture
 * addresses move into the new owner's folder, as the schema requires, so only a demo owner's copies show
 * real images), and is older than every seed listing (two listings share each timestamp, so the id tie-break
 * of the keyset is exercised too).
 */
const LISTINGS_SQL = `
with template as (
  select row_number() over (order by created_at desc, id desc) - 1 as k,
    location, description, latitude, longitude, image_urls
  from public.listings
  where name not like 'Bench home no. %'
),
templates as (select count(*) as n from template),
owners as (
  select array_agg(id order by id) as ids from auth.users
  where email like 'bench-owner-%@example.com' or email in ('alice@example.com', 'ben@example.com', 'chloe@example.com')
),
oldest as (select coalesce(min(created_at), now()) as at from public.listings),
series as (
  select g,
    case when g % 2 = 0 then 'rent' else 'sale' end as type,
    g % 5 = 0 as offer,
    case when g % 2 = 0 then 500 + (g * 37) % 4500 else 50000 + (g * 7919) % 1500000 end as regular_price,
    -- Odd g are for sale, even g to rent: a tenth under offer or let agreed, a tenth further on.
    case
      when g % 10 = 1 then 'under_offer'
      when g % 10 = 5 then 'sold_stc'
      when g % 20 = 3 then 'sold'
      when g % 10 = 2 then 'let_agreed'
      when g % 20 = 4 then 'let'
      else 'available'
    end as status
  from generate_series($1::int, $2::int) as g
)
insert into public.listings (
  user_ref, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
  regular_price, discounted_price, image_urls, latitude, longitude, created_at, description,
  status, price_reduced_at, price_reduced_by
)
select
  o.id,
  s.type, 'Bench home no. ' || s.g, 1 + s.g % 6, 1 + s.g % 3, s.g % 3 = 0, s.g % 4 = 0,
  t.location, s.offer, s.regular_price,
  case when s.offer then s.regular_price - greatest(s.regular_price / 10, 1) end,
  -- The template's pictures, addressed in the new owner's folder.
  array(select regexp_replace(url, '/listing-images/[^/]+/', '/listing-images/' || o.id || '/')
        from unnest(t.image_urls) as url),
  t.latitude, t.longitude,
  oldest.at - ((s.g + 1) / 2) * interval '5 minutes',
  t.description,
  -- Its status since publication (the trigger sets that time): sold and let homes older than 14 days, and
  -- sold STC and let agreed older than 60, are off the market, as on a site running for months.
  s.status,
  -- One in seven reduced, some days after publication.
  case when s.g % 7 = 0
    then least(now(), oldest.at - ((s.g + 1) / 2) * interval '5 minutes' + (s.g * 13) % 40 * interval '1 day') end,
  case when s.g % 7 = 0 then greatest(s.regular_price / 20, 1) end
from series as s
cross join templates
cross join owners
cross join oldest
join template as t on t.k = s.g % templates.n
cross join lateral (select owners.ids[1 + (s.g * 7919) % cardinality(owners.ids)] as id) as o`

export type BenchSeedResult = { before: number; added: number; total: number; ms: number }

/**
 * Adds bench owners and listings until public.listings holds `target` rows, then vacuums and refreshes
 * statistics (as autovacuum soon would), so counts can be answered from the indexes alone.
 */
export async function seedBenchListings(
  admin: pg.Pool | pg.Client,
  target = BENCH_LISTINGS,
): Promise<BenchSeedResult> {
  const started = performance.now()
  const count = async () => Number((await admin.query('select count(*) as n from public.listings')).rows[0].n)
  const before = await count()
  let added = 0
  if (before < target) {
    await admin.query(OWNERS_SQL, [BENCH_OWNERS])
    const done = Number(
      (await admin.query("select count(*) as n from public.listings where name like 'Bench home no. %'"))
        .rows[0].n,
    )
    const result = await admin.query(LISTINGS_SQL, [done + 1, done + (target - before)])
    added = result.rowCount ?? 0
  }
  // A vacuum cannot mark pages all-visible while another snapshot (autovacuum's, after the insert) is older
  // than their rows, so repeat it until the visibility map covers the table.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await admin.query('vacuum (analyze) public.listings')
    const { rows } = await admin.query<{ visible: number }>(
      "select relallvisible::float / greatest(relpages, 1) as visible from pg_class where oid = 'public.listings'::regclass",
    )
    if ((rows[0]?.visible ?? 0) >= 0.99) break
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  return { before, added, total: await count(), ms: Math.round(performance.now() - started) }
}

/** The bench's own stack settings: ports and data folder apart from `npm start`'s. */
export const BENCH_ENV = {
  APP_PORT: '28173',
  LOCAL_API_PORT: '28321',
  LOCAL_DB_PORT: '28322',
  LOCAL_MAIL_PORT: '28324',
  LOCAL_DATA_DIR: path.join(REPO_ROOT, '.local', 'bench'),
}

async function main(): Promise<void> {
  const config = loadConfig(stackEnv(BENCH_ENV))
  const stack = await startStack(config, { log }).catch(fail)
  try {
    const result = await seedBenchListings(stack.db.admin)
    log(
      `bench seed: ${result.before} → ${result.total} listings (${result.added} added, ${result.ms} ms) in ${config.dataDir}`,
    )
  } finally {
    await stack.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main().catch(fail)
}
