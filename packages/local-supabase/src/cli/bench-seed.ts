// `npm run bench:seed [-- --listings N]`: grows the bench database (LOCAL_DATA_DIR, default .local/bench) to
// N listings (default 100,000; up to millions) for the query benchmarks. Safe to run again: it only adds what
// is missing.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type pg from 'pg'
import { benchPortOffset, loadConfig, PROJECT_DIR, stackEnv } from '../config'
import { gbGazetteer } from '../core/geocode/gazetteer'
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
 * The words the bench seed writes descriptions with: listing language by kind, each list most used first, so
 * that a draw by rank (Zipf, P(rank r) ∝ 1/r) gives words the spread they have on a real site: `garden` in
 * many descriptions, `orangery` in a few hundred of a million. Searches of the bench are drawn from these too.
 */
/** Phrases separated by commas, as a list. */
const phrases = (text: string) => text.trim().split(/\s*,\s*/)

export const VOCABULARY = {
  adjective: phrases(`
    spacious, bright, well presented, modern, stunning, charming, beautifully presented, newly refurbished,
    immaculate, light, generous, cosy, contemporary, period, attractive, delightful, lovely, stylish,
    elegant, superb, impressive, unique, characterful, quiet, sunny, airy, deceptively spacious,
    recently renovated, extended, smart, handsome, striking, substantial, compact, neat, traditional,
    converted, refurbished, split level, secluded, individual, rare, sought after, luxurious, exceptional,
    tasteful, welcoming, peaceful, vibrant, picturesque, classic, restored, light filled, open plan,
    bespoke, architect designed, award winning, quirky, rustic, grand, petite, imposing
  `),
  kind: phrases(`
    flat, house, apartment, terraced house, semi detached house, maisonette, detached house, cottage,
    bungalow, studio, townhouse, end of terrace house, penthouse, duplex, mews house, garden flat,
    loft apartment, chalet bungalow, barn conversion, farmhouse, villa, lodge, coach house,
    warehouse conversion, mansion flat, houseboat, chapel conversion, gatehouse, schoolhouse,
    mill conversion
  `),
  setting: phrases(`
    on a quiet residential street, close to the town centre, in a popular location, on a tree lined road,
    in a sought after area, in the heart of the village, within a gated development, on a corner plot,
    in a cul de sac, in a conservation area, overlooking the park, on the edge of the village,
    in a purpose built block, in a Victorian conversion, in a new development, on a private road,
    overlooking the river, by the canal, facing the green, in a landmark building, near the seafront,
    in open countryside, on the high street, above a row of shops, in a former factory,
    in a historic square, overlooking the harbour, in a woodland setting, on the cliff top,
    beside the common
  `),
  room: phrases(`
    kitchen, living room, bathroom, reception room, kitchen diner, dining room, en suite, shower room,
    utility room, lounge, study, conservatory, cloakroom, family room, home office, breakfast room,
    sitting room, snug, dressing room, wet room, playroom, garden room, loft room, cellar, basement,
    boot room, larder, pantry, attic room, games room, gym, orangery, library, music room, workshop,
    studio room, sun room, drawing room, scullery, wine cellar, cinema room, sauna
  `),
  feature: phrases(`
    gas central heating, double glazing, wooden floors, fitted wardrobes, storage, high ceilings,
    a fireplace, fitted kitchen, integrated appliances, a dishwasher, a washing machine, a log burner,
    sash windows, a bay window, built in storage, underfloor heating, a breakfast bar, french doors,
    bifold doors, a skylight, exposed beams, oak flooring, a range cooker, a walk in wardrobe,
    a kitchen island, original features, cornicing, a wood burning stove, solar panels, a heat pump,
    fibre broadband, a video entry system, a lift, a concierge, a porter, comfort cooling,
    air conditioning, a roll top bath, a power shower, quartz worktops, granite worktops, an Aga,
    a vaulted ceiling, parquet flooring, ceiling roses, picture rails, shutters, a mezzanine,
    a galleried landing, an inglenook fireplace, flagstone floors, a spiral staircase, mullioned windows,
    a smart home system, an alarm, CCTV, a cinema system, a wine fridge, a boiling water tap, a steam oven
  `),
  outside: phrases(`
    a private garden, a garden, off street parking, a patio, a balcony, a driveway, a garage,
    a south facing garden, a lawn, a roof terrace, communal gardens, allocated parking, a terrace,
    a courtyard, a shed, decking, a rear garden, a front garden, a double garage, a carport, a bike store,
    an EV charger, a summer house, a greenhouse, a veranda, a west facing garden, a walled garden,
    a vegetable patch, an orchard, a pond, a paddock, a hot tub, an annexe, a swimming pool,
    a tennis court, stables, a mooring, woodland, a jetty, an allotment
  `),
  transport: phrases(`
    station, bus stop, tube station, railway station, motorway, bus routes, town centre,
    overground station, tram stop, ring road, cycle path, park and ride, A road, train station,
    underground, mainline station, airport, ferry terminal, coach station, light railway, bike hire,
    river bus, Crossrail, Elizabeth line
  `),
  amenity: phrases(`
    shops, schools, restaurants, a supermarket, local amenities, a park, cafes, pubs, the high street,
    a primary school, a doctors surgery, a gym, a leisure centre, a library, a secondary school,
    a pharmacy, a post office, a bakery, a nursery, a cinema, a hospital, a dentist, a farmers market,
    a deli, a butcher, a café, bars, a theatre, a playground, a golf course, the beach, the river,
    a canal towpath, woodland walks, a nature reserve, the university, a college, a museum, a gallery,
    a marina, a cricket ground, a football club, a swimming pool, a garden centre, a farm shop,
    a village green, the common, a church, allotments, a bowling green, a lido, a skate park, a food hall,
    a Saturday market, an arts centre, a climbing wall, a fishmonger, a greengrocer, a brewery, a vineyard,
    a bookshop, a patisserie, a crêperie, a tearoom, a boulangerie, the seafront, the harbour, a pier,
    a castle, an abbey, a country park, a riding school, a sailing club, a yoga studio
  `),
  note: phrases(`
    Viewing recommended, No onward chain, Available now, Chain free, Pets considered, Council tax band C,
    Council tax band B, Council tax band D, Freehold, Leasehold, Long lease, Share of freehold,
    Unfurnished, Part furnished, Bills included, Professionals only, Suitable for sharers,
    Students welcome, Early viewing advised, Must be seen, Sold with vacant possession, Energy rating C,
    Energy rating B, Energy rating D, Ideal first home, Great investment, Perfect for a family,
    Suitable for downsizers, Available from next month, Short let considered, No pets, Non smokers only,
    Deposit of five weeks rent, Grade II listed, Newly built, Help to buy available, Cash buyers only,
    Retirement property, Holiday let potential, Planning permission granted, Scope to extend,
    Needs modernisation, Victorian, Edwardian, Georgian, Art Deco, Thatched roof, Eco home, Passivhaus
  `),
}

type Category = keyof typeof VOCABULARY
const CATEGORIES = Object.keys(VOCABULARY) as Category[]
/** The description's word lists as LISTINGS_SQL's parameters, from $8 on, in CATEGORIES' order. */
const vocabularyParams = () => CATEGORIES.map((category) => VOCABULARY[category])

/**
 * A phrase of `category` for listing g, the `salt`-th draw of its description: rank r with probability about
 * 1/(r ln(n+1)) (r = floor((n+1)^u), u uniform in [0, 1) from a hash of g and the draw), so the first of a
 * list is in about a fifth of the draws and the last in a few in a thousand.
 */
function pick(category: Category, salt: number): string {
  const n = VOCABULARY[category].length
  const param = 8 + CATEGORIES.indexOf(category)
  return `($${param}::text[])[floor(power(${n + 1}, ${draw(salt)}))::int]`
}
/** A fraction in [0, 1) from a hash of g and `salt` (salts below 64, each used once). */
const draw = (salt: number) => `((hashint8(s.g * 64 + ${salt}) & 2147483647)::float8 / 2147483648.0)`
/** A share `percent` of listings, by a hash of g and `salt`. */
const some = (percent: number, salt: number) => `${draw(salt)} < ${percent / 100}`

/**
 * Listing g's description, written per listing from VOCABULARY: what it is and where, its rooms, features,
 * outside, transport and what is nearby, and now and then a note (`No onward chain`), each phrase drawn by
 * rank, so a million descriptions are nearly all different and their words have a real site's spread.
 */
const DESCRIPTION_SQL = `rtrim(concat(
  'This ', ${pick('adjective', 1)}, ' ',
  (array['one', 'two', 'three', 'four', 'five', 'six'])[1 + s.bedrooms_pick], ' bedroom ',
  ${pick('kind', 2)}, ' ', ${pick('setting', 3)}, '. ',
  'It has a ', ${pick('adjective', 4)}, ' ', ${pick('room', 5)}, ', a ', ${pick('room', 6)}, ' and a ',
  ${pick('room', 7)}, ', with ', ${pick('feature', 8)}, ' and ', ${pick('feature', 9)}, '. ',
  case when ${some(75, 10)} then concat('Outside there is ', ${pick('outside', 11)},
    case when ${some(40, 12)} then concat(' and ', ${pick('outside', 13)}) end, '. ') end,
  1 + (hashint8(s.g * 64 + 14) & 2147483647) % 25, ' minutes from the ', ${pick('transport', 15)},
  ', close to ', ${pick('amenity', 16)}, ', ', ${pick('amenity', 17)}, ' and ', ${pick('amenity', 18)}, '. ',
  case when ${some(50, 19)} then concat('Features include ', ${pick('feature', 20)}, ', ', ${pick('feature', 21)},
    ' and ', ${pick('feature', 22)}, '. ') end,
  case when ${some(60, 23)} then concat(${pick('note', 24)}, '.') end
)
)`

/**
 * One INSERT … SELECT: listing g gets a description of its own (DESCRIPTION_SQL) and the pictures of a seed
 * listing (so cards show real images), is placed in a town of the GB gazetteer chosen in proportion to its population (its location reads
 * "Town, Nation", so a search for a place finds about as many homes as a real site would) at a position
 * jittered around the town's centre by up to a few kilometres (more for a city), so the homes cover
 * hundreds of thousands of distinct points as on a national portal; alternates rent and sale, puts every
 * fifth on offer, gives half the homes for sale and three in ten to rent a status past available (drawn apart
 * from the offer) and a seventh a reduction, spreads owners over the demo and bench accounts (the picture addresses move into the new
 * owner's folder, as the schema requires, so only a demo owner's copies show real images), gives about 85%
 * their property facts (within the database's rules: deposits within the cap, lease facts only on leasehold
 * sales), and is older
 * than every seed listing (two listings share each timestamp, so the id tie-break of the keyset is
 * exercised too). Products of g are bigint: g * 7919 overflows int4 past about 271,000.
 *
 * $1, $2: the first and last g; $3–$6: the towns' names, latitudes, longitudes and jitter radii (degrees);
 * $7: town indexes (1-based), each repeated in proportion to its population, that g picks from; $8 on: the
 * vocabulary's lists.
 */
const LISTINGS_SQL = `
with template as (
  select row_number() over (order by created_at desc, id desc) - 1 as k,
    image_urls
  from public.listings
  where name not like 'Bench home no. %'
),
towns as (
  select * from unnest($3::text[], $4::float8[], $5::float8[], $6::float8[])
    with ordinality as town(name, latitude, longitude, radius, n)
),
slots as (select $7::int[] as towns),
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
    -- Two fractions in [-1, 1) from g: the position's offset from the town's centre.
    ((g * 2654435761) % 10007) / 5003.5 - 1 as dy,
    ((g * 40503) % 10009) / 5004.5 - 1 as dx,
    -- Rooms, parking and furnishing from hashes of g, each apart from the others and from the type and price,
    -- so that a search combining them finds the share it would on a real site.
    (hashint8(g) & 2147483647) % 6 as bedrooms_pick,
    (hashint8(g + 1000003) & 2147483647) % 3 as bathrooms_pick,
    (hashint8(g + 2000003) & 2147483647) % 3 = 0 as parking,
    (hashint8(g + 3000017) & 2147483647) % 4 = 0 as furnished,
    -- The property facts: given on about 85%, drawn from three more hashes of g.
    (hashint8(g + 4000037) & 2147483647) % 100 < 85 as facts,
    (hashint8(g + 5000011) & 2147483647) % 1000 as f1,
    (hashint8(g + 6000011) & 2147483647) % 1000 as f2,
    (hashint8(g + 7000003) & 2147483647) % 1000 as f3,
    -- The status, from a hash of its own, apart from the offer (a status from g's remainders made every home for
    -- sale on offer sold STC, so off the market).
    (hashint8(g + 8000009) & 2147483647) % 10 as status_pick
  from generate_series($1::bigint, $2::bigint) as g
),
typed as (
  select s.*,
    -- For sale a fifth under offer, a fifth sold STC and a tenth sold; to rent a fifth let agreed, a tenth let.
    case
      when s.type = 'rent' then
        case when s.status_pick < 2 then 'let_agreed' when s.status_pick = 2 then 'let' else 'available' end
      when s.status_pick < 2 then 'under_offer'
      when s.status_pick < 4 then 'sold_stc'
      when s.status_pick = 4 then 'sold'
      else 'available'
    end as status,
    case
      when not s.facts then null
      when s.bedrooms_pick = 0 and s.f1 % 5 = 0 then 'studio'
      when s.bedrooms_pick <= 1 then (array['flat', 'flat', 'flat', 'maisonette', 'terraced', 'cottage'])[1 + s.f1 % 6]
      when s.bedrooms_pick <= 3 then (array['terraced', 'terraced', 'semi_detached', 'semi_detached', 'flat',
        'detached', 'bungalow', 'cottage', 'maisonette', 'other'])[1 + s.f1 % 10]
      else (array['detached', 'detached', 'semi_detached', 'terraced', 'other'])[1 + s.f1 % 5]
    end as property_type,
    -- What the tenant pays a month: the deposit's cap is of it.
    case when s.offer then s.regular_price - greatest(s.regular_price / 10, 1) else s.regular_price end as paid
  from series as s
),
homes as (
  select t.*,
    case
      when not t.facts or t.type <> 'sale' then null
      when t.property_type in ('flat', 'maisonette', 'studio')
        then (array['leasehold', 'leasehold', 'leasehold', 'leasehold', 'leasehold', 'leasehold', 'leasehold',
          'share_of_freehold', 'share_of_freehold', 'commonhold'])[1 + t.f2 % 10]
      when t.f2 % 10 = 0 then 'leasehold'
      else 'freehold'
    end as tenure,
    t.facts and t.type = 'rent' as rent_facts
  from typed as t
)
insert into public.listings (
  user_ref, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
  regular_price, discounted_price, image_urls, latitude, longitude, created_at, description,
  status, price_reduced_at, price_reduced_by,
  property_type, floor_area_m2, epc_rating, epc_exempt_reason, council_tax_band, tenure, lease_years_left,
  ground_rent_per_year, service_charge_per_year, deposit, available_now, available_from, min_tenancy_months,
  bills_included, pets_considered
)
select
  o.id,
  s.type, 'Bench home no. ' || s.g, 1 + s.bedrooms_pick, 1 + s.bathrooms_pick, s.parking, s.furnished,
  town.name, s.offer, s.regular_price,
  case when s.offer then s.regular_price - greatest(s.regular_price / 10, 1) end,
  -- The template's pictures, addressed in the new owner's folder.
  array(select regexp_replace(url, '/listing-images/[^/]+/', '/listing-images/' || o.id || '/')
        from unnest(t.image_urls) as url),
  town.latitude + s.dy * town.radius, town.longitude + s.dx * town.radius * 1.6,
  oldest.at - ((s.g + 1) / 2) * interval '5 minutes',
  ${DESCRIPTION_SQL},
  -- Its status since publication (the trigger sets that time): sold and let homes older than 14 days, and
  -- sold STC and let agreed older than 60, are off the market, as on a site running for months.
  s.status,
  -- One in seven reduced, some days after publication.
  case when s.g % 7 = 0
    then least(now(), oldest.at - ((s.g + 1) / 2) * interval '5 minutes' + (s.g * 13) % 40 * interval '1 day') end,
  case when s.g % 7 = 0 then greatest(s.regular_price / 20, 1) end,
  -- Property facts as a portal's would be: most EPCs C or D, a few exempt; leasehold flats with their lease;
  -- deposits of 4 or 5 weeks of the rent paid (within the cap); half available now, half from a date ahead.
  s.property_type,
  case when s.facts then (24 + 22 * (1 + s.bedrooms_pick) + s.f2 % 300 / 10.0)::numeric(6, 1) end,
  case when s.facts then
    case when s.f3 < 10 then 'A' when s.f3 < 120 then 'B' when s.f3 < 480 then 'C' when s.f3 < 780 then 'D'
      when s.f3 < 930 then 'E' when s.f3 < 970 then 'F' when s.f3 < 980 then 'G' else 'exempt' end
  end,
  case when s.facts and s.f3 >= 980 then 'Listed building' end,
  case when s.facts then
    case when s.f2 % 50 = 0 then 'not_banded'
      else (array['A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'D', 'D', 'E', 'E', 'F', 'G', 'H'])[1 + s.f1 / 10 % 15] end
  end,
  s.tenure,
  case when s.tenure = 'leasehold' then case when s.f3 % 10 = 0 then 990 + s.f3 % 9 else 55 + s.f1 % 150 end end,
  case when s.tenure = 'leasehold' then s.f2 % 6 * 50 end,
  case when s.tenure = 'leasehold' then 600 + s.f3 * 7 % 3000 end,
  case when s.rent_facts then s.paid * 12 * (4 + s.f1 % 2) / 52 end,
  case when s.rent_facts then s.f2 % 2 = 0 end,
  case when s.rent_facts and s.f2 % 2 = 1 then current_date + (1 + s.f3 % 60)::int end,
  case when s.rent_facts then (array[6, 12, 12, 12, 12, 24])[1 + s.f3 % 6] end,
  case when s.rent_facts then s.f1 % 7 = 0 end,
  case when s.rent_facts then s.f3 % 3 = 0 end
from homes as s
cross join templates
cross join owners
cross join oldest
cross join slots
join template as t on t.k = s.g % templates.n
join towns as town on town.n = slots.towns[1 + (s.g * 7919) % cardinality(slots.towns)]
cross join lateral (select owners.ids[1 + (s.g * 7919) % cardinality(owners.ids)] as id) as o`

/** The GB towns as LISTINGS_SQL's parameters $3–$7. */
function townParams(): [string[], number[], number[], number[], number[]] {
  const places = [
    ...new Map([...gbGazetteer().values()].flat().map((p) => [`${p.name}|${p.lat}|${p.lon}`, p])).values(),
  ]
  places.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  const names = places.map((p) => (p.nation ? `${p.name}, ${p.nation}` : p.name))
  // About 1 km around a village, 10 km around London (a degree of latitude is 111 km).
  const radius = places.map((p) => 0.01 + Math.sqrt(p.population) * 0.00003)
  const slots = places.flatMap((p, i) => Array<number>(1 + Math.floor(p.population / 5000)).fill(i + 1))
  return [names, places.map((p) => p.lat), places.map((p) => p.lon), radius, slots]
}

/** From this many new listings on, the seed builds the secondary indexes afresh instead of growing them. */
const BULK_LISTINGS = 200_000

/**
 * Runs `insert` with the listings' secondary indexes dropped, then builds them again (also when it fails):
 * building a trigram index over a million rows takes minutes, growing it row by row takes an hour.
 */
async function withoutSecondaryIndexes(
  admin: pg.Pool | pg.Client,
  insert: () => Promise<void>,
): Promise<void> {
  const { rows } = await admin.query<{ name: string; definition: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
     from pg_index where indrelid = 'public.listings'::regclass
       and indexrelid not in (select conindid from pg_constraint where conrelid = 'public.listings'::regclass)`,
  )
  for (const index of rows) await admin.query(`drop index ${index.name}`)
  try {
    await insert()
  } finally {
    const client = 'connect' in admin && 'totalCount' in admin ? await admin.connect() : admin
    try {
      await client.query("set maintenance_work_mem = '512MB'")
      for (const index of rows) await client.query(index.definition)
      await client.query('reset maintenance_work_mem')
    } finally {
      if (client !== admin && 'release' in client) (client as pg.PoolClient).release()
    }
  }
}

export type BenchSeedResult = { before: number; added: number; total: number; ms: number }

/**
 * Adds bench owners and listings until public.listings holds `target` rows (the insert trigger gives each its
 * places; the keywords column is generated), then
 * vacuums and refreshes statistics (as autovacuum soon would), so counts can be answered from the indexes alone.
 */
export async function seedBenchListings(
  admin: pg.Pool | pg.Client,
  target = BENCH_LISTINGS,
  onProgress?: (total: number) => void,
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
    const towns = townParams()
    const insert = async () => {
      // In batches of 100,000: each is one transaction, so a long seed shows progress and keeps what it added.
      for (let from = done + 1, last = done + (target - before); from <= last; from += 100_000) {
        const result = await admin.query(LISTINGS_SQL, [
          from,
          Math.min(last, from + 99_999),
          ...towns,
          ...vocabularyParams(),
        ])
        added += result.rowCount ?? 0
        onProgress?.(before + added)
      }
    }
    // The seeded homes are old news: not matched against the saved searches already there (the alerts
    // trigger would match every new home with every saved search in the insert's one statement).
    const alerts = Boolean(
      (
        await admin.query(
          `select 1 from pg_trigger where tgrelid = 'public.listings'::regclass and tgname = 'listings_queue_alerts'`,
        )
      ).rowCount,
    )
    if (alerts) await admin.query('alter table public.listings disable trigger listings_queue_alerts')
    try {
      if (target - before >= BULK_LISTINGS) await withoutSecondaryIndexes(admin, insert)
      else await insert()
    } finally {
      if (alerts) await admin.query('alter table public.listings enable trigger listings_queue_alerts')
    }
  }
  // A vacuum cannot mark pages all-visible while another snapshot (autovacuum's, after the insert) is older
  // than their rows, so repeat it until the visibility map covers the tables counts read from their indexes.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await admin.query('vacuum (analyze) public.listings')
    const { rows } = await admin.query<{ visible: number }>(
      `select min(relallvisible::float / greatest(relpages, 1)) as visible from pg_class
       where oid = 'public.listings'::regclass`,
    )
    if ((rows[0]?.visible ?? 0) >= 0.99) break
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  return { before, added, total: await count(), ms: Math.round(performance.now() - started) }
}

const benchPort = (port: number) => String(port + benchPortOffset())

/** The bench's own stack settings: ports and data folder apart from `npm start`'s. */
export const BENCH_ENV = {
  APP_PORT: benchPort(28173),
  LOCAL_API_PORT: benchPort(28321),
  LOCAL_DB_PORT: benchPort(28322),
  LOCAL_MAIL_PORT: benchPort(28324),
  LOCAL_DATA_DIR: path.join(PROJECT_DIR, '.local', 'bench'),
}

/** `--listings N` (underscores and commas allowed) from the command line, else the default. */
export function listingsArg(argv: string[], fallback = BENCH_LISTINGS): number {
  const at = argv.indexOf('--listings')
  if (at < 0) return fallback
  const n = Number(argv[at + 1]?.replace(/[_,]/g, ''))
  if (!Number.isInteger(n) || n < 1) throw new Error(`--listings needs a whole number, not ${argv[at + 1]}`)
  return n
}

async function main(): Promise<void> {
  const target = listingsArg(process.argv.slice(2))
  const config = loadConfig(stackEnv(BENCH_ENV))
  const stack = await startStack(config, { log }).catch(fail)
  try {
    const result = await seedBenchListings(stack.db.admin, target, (n) => log(`bench seed: ${n} listings`))
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
