// Search at scale (100,000 to 1,000,000 listings): the searches of /search as the app makes them (anonymous calls
// of count_homes and search_homes through the stack's gateway and PostgREST), timed at concurrency 1 and 8
// against the budgets, with the plans (auto_explain as anon) of the SQL each runs; then 200 random searches
// drawn from the seed's vocabulary, the places and the filters, whose p95 is reported apart; then a publish
// through the API as a landlord, its saved-search matching run by the insert's trigger over 20,000 saved
// searches of every shape.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import readline from 'node:readline'
import { VOCABULARY } from '@roost/local-supabase/cli/bench-seed'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import pg from 'pg'
import { LISTING_COLUMNS } from '../../src/types/listing'
import { encodeArea } from '../../src/utils/area'
import type {
  Call,
  Loop,
  MeasureCommand,
  Measured,
  PublishCommand,
  PublishFigures,
  RandomCommand,
  RandomFigures,
} from './search-scale-client'
import { quantile, round } from './stats'

export type ScaleOptions = {
  apiUrl: string
  anonKey: string
  /** The stack's database as its superuser (finds places and cursors, seeds saved searches, EXPLAIN as anon). */
  databaseUrl: string
  requests: number
  warmup: number
  /** How many random searches, and publishes. */
  randomSearches: number
  publishes: number
}

/** Budgets of issue 50: every search's p95 at concurrency 1 and 8, no timeouts; a publish's p95. */
export const BUDGETS = { c1P95Ms: 20, c8P95Ms: 60, publishP95Ms: 100 } as const

/** A search as its URL holds it (HomeSearch without sort and view): what search_homes and count_homes take. */
export type Search = Record<string, string | number | boolean>
export type Sort = 'newest' | 'price-asc' | 'price-desc' | 'reduced'
const SORTS: Sort[] = ['newest', 'price-asc', 'price-desc', 'reduced']
const PAGE_SIZE = 11
/** Page 50 starts after this many homes (10 a page; the 11th only says there is more). */
const PAGE_50_AFTER = 490

type Request = {
  name: string
  what: string
  /** The app's requests, sent together (a first page and its count); latency is the slower. */
  paths: Call[]
  sql: { text: string; params: unknown[] }[]
}

export type Explained = { sql: string; plan: string; executionMs: number }
export type ScaleFigures = {
  name: string
  what: string
  paths: Call[]
  rows: number[]
  c1: Loop
  c8: Loop
  withinBudget: boolean
  explain: Explained[]
}
export type RandomReport = RandomFigures & {
  searches: number
  seed: number
  withinBudget: boolean
  /** The slowest searches at concurrency 1, with the plans of the three slowest. */
  slowest: { search: Search; sort: Sort; ms: number; rows: number[]; explain?: Explained[] }[]
}
export type PublishReport = PublishFigures & {
  savedSearches: number
  shapes: Record<string, number>
  withinBudget: boolean
  explain: Explained[]
}
export type ScaleReport = {
  listings: number
  /** The commit measured, and whether the checkout had uncommitted changes. */
  commit: string
  at: string
  settings: Record<string, string>
  /** Timed requests of each row at each concurrency. */
  samples: number
  requests: ScaleFigures[]
  random: RandomReport
  publish: PublishReport
  budgets: typeof BUDGETS
  loadAverage: number[]
}

const enc = encodeURIComponent
/**
 * count_homes and a page of search_homes with their arguments as a JSON body (a POST, as supabase-js calls a
 * function by default). The app sends them as GETs with the JSON as text (search-homes.ts), which the stack's
 * PostgREST passes to a jsonb parameter as a JSON string, and the server at the commit measured refuses
 * (`A search is a JSON object`); the statements the server runs are the same either way.
 */
const countPath = (search: Search): Call => ({
  path: '/rest/v1/rpc/count_homes',
  body: JSON.stringify({ search }),
})
/** A page of search_homes with the listing columns the app selects. */
function pagePath(search: Search, sort: Sort, after?: Cursor): Call {
  return {
    path: `/rest/v1/rpc/search_homes?select=${enc(LISTING_COLUMNS)}`,
    body: JSON.stringify({ search, sort, ...(after ? { after } : {}), page_size: PAGE_SIZE }),
  }
}
const countSql = (search: Search) => ({ text: 'select public.count_homes($1::jsonb)', params: [search] })
const pageSql = (search: Search, sort: Sort, after?: Cursor) => ({
  text: `select ${LISTING_COLUMNS} from public.search_homes($1::jsonb, $2, $3::jsonb, $4)`,
  params: [search, sort, after ?? null, PAGE_SIZE],
})

/** The home a page starts after, as the app's cursorOf writes it. */
type Cursor = { createdAt: string; price: number; reducedAt: string | null; id: string }

/** The 490th home of a search in `sort`'s order (page 50 starts after it), or null when it has fewer. */
async function page50Cursor(db: pg.Pool, search: Search, sort: Sort): Promise<Cursor | null> {
  let after: Cursor | null = null
  let seen = 0
  // Pages as large as the function allows: 490 at once, else 10 at a time (a page size it may cap).
  for (const size of [PAGE_50_AFTER, 10]) {
    try {
      after = null
      seen = 0
      while (seen < PAGE_50_AFTER) {
        const { rows }: { rows: { home: Record<string, unknown> }[] } = await db.query(
          'select to_jsonb(h) as home from public.search_homes($1::jsonb, $2, $3::jsonb, $4) as h',
          [search, sort, after, Math.min(size, PAGE_50_AFTER - seen)],
        )
        const last: Record<string, unknown> | undefined = rows.at(-1)?.home
        if (!last) return null
        seen += rows.length
        after = {
          createdAt: String(last.created_at),
          price: Number(last.effective_price),
          reducedAt: (last.price_reduced_at as string | null) ?? null,
          id: String(last.id),
        }
        if (rows.length < Math.min(size, PAGE_50_AFTER - seen + rows.length)) return null
      }
      return after
    } catch (error) {
      if (size === 10) throw error
    }
  }
  return null
}

/** A place of public.places the bench searches. */
type Place = { id: number; label: string; latitude: number; longitude: number; population: number }

/** London, a town of about 150,000 people, and a village with a few homes of its own. */
async function benchPlaces(db: pg.Pool): Promise<{ big: Place; mid: Place; small: Place }> {
  const columns = 'p.id, p.label, p.latitude, p.longitude, p.population'
  const one = async (sql: string): Promise<Place> => {
    const { rows } = await db.query<Place>(sql)
    if (!rows[0]) throw new Error(`no place for ${sql}`)
    return rows[0]
  }
  const big = await one(
    `select ${columns} from public.places as p where p.name = 'London' order by p.population desc limit 1`,
  )
  const mid = await one(
    `select ${columns} from public.places as p where p.parent_id is null
     order by abs(p.population - 150000), p.id limit 1`,
  )
  // A village: under 3,000 people and the place of 5 to 50 homes (the most such, so a run at any size finds one).
  const small = await one(
    `with homes as (
       select l.place_ids[1] as id, count(*) as n from public.listings as l group by 1
     )
     select ${columns} from public.places as p join homes as h on h.id = p.id
     where p.population < 3000 and h.n between 5 and 50 order by h.n desc, p.id limit 1`,
  )
  return { big, mid, small }
}

/** A closed shape of `points` points on a circle of `km` around a centre (an area drawn on the map). */
function circleArea(centre: { latitude: number; longitude: number }, km: number, points: number): string {
  const dLat = km / 111.2
  const dLng = km / (111.2 * Math.cos((centre.latitude * Math.PI) / 180))
  return encodeArea(
    Array.from({ length: points }, (_, i) => {
      // A little uneven, as a finger draws.
      const r = 1 + 0.15 * Math.sin(i * 2.3)
      const a = (2 * Math.PI * i) / points
      return { lat: centre.latitude + dLat * r * Math.sin(a), lng: centre.longitude + dLng * r * Math.cos(a) }
    }),
  )
}

const boxAround = (centre: { latitude: number; longitude: number }, km: number) => {
  const dLat = km / 111.2
  const dLng = km / (111.2 * Math.cos((centre.latitude * Math.PI) / 180))
  return [centre.longitude - dLng, centre.latitude - dLat, centre.longitude + dLng, centre.latitude + dLat]
    .map((value) => round(value, 5))
    .join(',')
}

/** The bench's chosen searches: name, what the URL says, the search, and the sorts it is timed in. */
function chosenSearches(places: { big: Place; mid: Place; small: Place }) {
  const { big, mid, small } = places
  // `Available by` a fortnight from now: the bench seed's rent homes are available now or within 60 days.
  const soon = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
  const searches: { name: string; search: Search; sorts: Sort[] }[] = [
    { name: 'nothing-set', search: {}, sorts: SORTS },
    { name: 'rent', search: { type: 'rent' }, sorts: ['newest', 'price-asc'] },
    {
      name: 'price-beds',
      search: { type: 'sale', minPrice: 200_000, maxPrice: 600_000, minBeds: 3 },
      sorts: ['newest', 'price-desc'],
    },
    {
      name: 'every-filter',
      search: {
        type: 'rent',
        minPrice: 800,
        maxPrice: 2500,
        minBeds: 2,
        minBaths: 2,
        parking: true,
        furnished: true,
        offer: true,
        underOffer: false,
      },
      sorts: ['newest'],
    },
    { name: 'place-big', search: { place: big.id }, sorts: SORTS },
    { name: 'place-mid', search: { place: mid.id }, sorts: ['newest', 'price-asc'] },
    { name: 'place-small', search: { place: small.id }, sorts: ['newest'] },
    ...(['0.25', '1', '10', '40'] as const).flatMap((radius) => [
      { name: `place-big-${radius}mi`, search: { place: big.id, radius }, sorts: ['newest'] as Sort[] },
      { name: `place-mid-${radius}mi`, search: { place: mid.id, radius }, sorts: ['newest'] as Sort[] },
    ]),
    { name: 'place-small-10mi', search: { place: small.id, radius: '10' }, sorts: ['newest'] },
    { name: 'keywords-common', search: { keywords: 'garden' }, sorts: SORTS },
    { name: 'keywords-two', search: { keywords: 'garden parking' }, sorts: ['newest'] },
    { name: 'keywords-rare', search: { keywords: 'passivhaus' }, sorts: ['newest', 'price-asc'] },
    { name: 'keywords-accent', search: { keywords: 'creperie' }, sorts: ['newest'] },
    { name: 'keywords-prefix', search: { keywords: 'gard' }, sorts: ['newest', 'price-asc'] },
    { name: 'keywords-short-prefix', search: { keywords: 'ba' }, sorts: ['newest'] },
    { name: 'keywords-none', search: { keywords: 'zzqxnomatch' }, sorts: ['newest'] },
    { name: 'area-city', search: { area: circleArea(big, 8, 24) }, sorts: ['newest', 'price-asc'] },
    { name: 'area-small', search: { area: circleArea(mid, 0.6, 8) }, sorts: ['newest'] },
    { name: 'bbox-city', search: { bbox: boxAround(big, 3) }, sorts: ['newest'] },
    {
      name: 'combo-place-keywords-rent-price',
      search: { place: big.id, keywords: 'garden', type: 'rent', maxPrice: 2000 },
      sorts: SORTS,
    },
    {
      name: 'combo-radius-keywords-sale-price',
      search: {
        place: mid.id,
        radius: '10',
        keywords: 'parking',
        type: 'sale',
        minPrice: 200_000,
        maxPrice: 500_000,
      },
      sorts: ['newest', 'price-asc'],
    },
    {
      name: 'combo-area-keywords-rent-beds',
      search: { area: circleArea(big, 8, 24), keywords: 'balcony', type: 'rent', minBeds: 2 },
      sorts: ['newest'],
    },
    {
      name: 'combo-rare-keyword-sale-price',
      search: { keywords: 'orchard', type: 'sale', maxPrice: 400_000 },
      sorts: ['newest', 'price-desc'],
    },
    // The property facts' filters (#55), alone, together, and with a place and keywords; EPC A (1% of
    // homes) and bills with pets (rent homes only) are the rare ones, whose pages read the furthest.
    { name: 'facts-types', search: { propertyType: 'flat,maisonette' }, sorts: ['newest', 'price-asc'] },
    { name: 'facts-type-rare', search: { propertyType: 'studio' }, sorts: ['newest'] },
    { name: 'facts-min-area', search: { minArea: 150 }, sorts: ['newest', 'price-asc'] },
    { name: 'facts-epc-b', search: { epc: 'B' }, sorts: ['newest', 'price-desc'] },
    { name: 'facts-epc-a', search: { epc: 'A' }, sorts: ['newest'] },
    { name: 'facts-rent-pets-bills', search: { type: 'rent', pets: true, bills: true }, sorts: ['newest'] },
    {
      name: 'facts-rent-available-by',
      search: { type: 'rent', availableBy: soon },
      sorts: ['newest', 'price-asc'],
    },
    {
      name: 'facts-every',
      search: {
        type: 'rent',
        propertyType: 'flat,studio',
        minArea: 50,
        epc: 'C',
        pets: true,
        bills: true,
        availableBy: soon,
      },
      sorts: ['newest'],
    },
    {
      name: 'combo-place-keywords-facts',
      search: { place: big.id, keywords: 'garden', propertyType: 'flat,terraced', epc: 'C' },
      sorts: SORTS,
    },
    {
      name: 'combo-radius-keywords-rent-facts',
      search: {
        place: mid.id,
        radius: '10',
        keywords: 'balcony',
        type: 'rent',
        pets: true,
        availableBy: soon,
      },
      sorts: ['newest', 'price-asc'],
    },
    {
      name: 'combo-place-sale-area-epc-a',
      search: { place: big.id, type: 'sale', minArea: 80, epc: 'A' },
      sorts: ['newest', 'price-asc'],
    },
    {
      name: 'combo-keywords-rare-facts',
      search: { keywords: 'passivhaus', propertyType: 'cottage', epc: 'B' },
      sorts: ['newest'],
    },
  ]
  return searches
}

const urlOf = (search: Search, sort: Sort) => {
  const fields = Object.entries(search).map(([k, v]) => `${k}=${typeof v === 'string' ? enc(v) : v}`)
  if (sort !== 'newest') fields.push(`sort=${sort}`)
  return `/search${fields.length ? `?${fields.join('&')}` : ''}`
}

async function buildRequests(db: pg.Pool, places: { big: Place; mid: Place; small: Place }) {
  const requests: Request[] = []
  for (const { name, search, sorts } of chosenSearches(places)) {
    for (const sort of sorts) {
      requests.push({
        name: `${name}/${sort}/page-1`,
        what: `${urlOf(search, sort)}: page 1 and its count`,
        paths: [pagePath(search, sort), countPath(search)],
        sql: [pageSql(search, sort), countSql(search)],
      })
      const after = await page50Cursor(db, search, sort)
      if (!after) continue
      requests.push({
        name: `${name}/${sort}/page-50`,
        what: `${urlOf(search, sort)}: page 50 (keyset)`,
        paths: [pagePath(search, sort, after)],
        sql: [pageSql(search, sort, after)],
      })
    }
  }
  return requests
}

/** mulberry32: the random searches and saved searches are the same at every run. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  /** By rank: the first of a list far more often than the last (as the seed draws its words). */
  const rank = <T>(list: readonly T[]): T => list[Math.floor((list.length + 1) ** next()) - 1] as T
  return { next, pick, rank, chance: (p: number) => next() < p }
}
type Random = ReturnType<typeof random>

/** The places random searches pick from, each as often as the square root of its population. */
async function weightedPlaces(db: pg.Pool) {
  const { rows } = await db.query<Place>(
    'select id, label, latitude, longitude, population from public.places order by id',
  )
  const weights = rows.map((p) => Math.sqrt(Math.max(p.population, 100)))
  const total = weights.reduce((a, b) => a + b, 0)
  return (r: Random): Place => {
    let at = r.next() * total
    for (const [i, w] of weights.entries()) {
      at -= w
      if (at <= 0) return rows[i] as Place
    }
    return rows.at(-1) as Place
  }
}

const RADII = ['0.25', '0.5', '1', '3', '5', '10', '15', '20', '30', '40'] as const
/** Words of the vocabulary, by kind: what a person may type as keywords. */
const WORDS = Object.values(VOCABULARY).map((phrases) => [
  ...new Set(
    phrases.flatMap((phrase) => phrase.toLowerCase().split(/[^a-zà-ÿ0-9]+/)).filter((w) => w.length > 2),
  ),
])

/**
 * A search as people make them, drawn at random: a place (alone or with a radius), a drawn area, a map box
 * or nowhere; keywords from the vocabulary (a word, two, or the start of one); a type, prices, rooms and the
 * rest now and then; any sort.
 */
function randomSearch(r: Random, place: (r: Random) => Place, saved = false): { search: Search; sort: Sort } {
  const search: Search = {}
  // A saved search nearly always has a where (an alert for the whole country is rare), and a smaller radius.
  const where = saved ? r.next() * 0.98 : r.next()
  if (where < 0.4) search.place = place(r).id
  else if (where < 0.65)
    Object.assign(search, { place: place(r).id, radius: saved ? r.rank(RADII.slice(0, 7)) : r.pick(RADII) })
  else if (where < 0.75)
    search.area = circleArea(place(r), 0.5 + r.next() * 10, 4 + Math.floor(r.next() * 30))
  else if (where < 0.8) search.bbox = boxAround(place(r), 0.5 + r.next() * 5)
  else if (saved && where < 0.96) search.place = place(r).id
  if (r.chance(0.35)) {
    const words = Array.from({ length: r.chance(0.25) ? 2 : 1 }, () => {
      const word = r.rank(r.pick(WORDS))
      return r.chance(0.2) ? word.slice(0, 3 + Math.floor(r.next() * 3)) : word
    })
    search.keywords = words.join(' ')
  }
  const type = r.chance(0.7) ? r.pick(['rent', 'sale'] as const) : undefined
  if (type) search.type = type
  if (r.chance(0.5)) {
    const [low, step] = type === 'sale' ? [50_000, 25_000] : type === 'rent' ? [400, 100] : [500, 50_000]
    const min = low + Math.floor(r.next() * 20) * step
    if (r.chance(0.4)) search.minPrice = min
    if (r.chance(0.8)) search.maxPrice = min + (2 + Math.floor(r.next() * 20)) * step
  }
  if (r.chance(0.4)) search.minBeds = 1 + Math.floor(r.next() * 4)
  if (r.chance(0.1)) search.minBaths = 2
  if (r.chance(0.1)) search.parking = true
  if (r.chance(0.1)) search.furnished = true
  if (r.chance(0.05)) search.offer = true
  if (r.chance(0.15)) search.underOffer = false
  return { search, sort: r.chance(0.5) ? 'newest' : r.pick(SORTS) }
}

/**
 * The saved searches a publish is matched against: `count` of them, of every shape people save (a place, a
 * place and a radius, keywords, a drawn area, a map box, filters only), 10 a person, alerts mostly on.
 */
async function seedSavedSearches(db: pg.Pool, count: number, place: (r: Random) => Place) {
  const r = random(26)
  const people = Math.ceil(count / 10)
  const shapes: Record<string, number> = {}
  const have = Number(
    (await db.query(`select count(*) as n from public.saved_searches where name like '${SAVED_NAME}%'`))
      .rows[0].n,
  )
  const rows: { user: string; name: string; params: Search; alerts: string }[] = []
  const saved = new Set<string>()
  for (let g = 0; g < count; g += 1) {
    const { search, sort } = randomSearch(r, place, true)
    const user = `c1000000-0000-4000-8000-${String(g % people).padStart(12, '0')}`
    const params = sort === 'newest' ? search : { ...search, sort }
    // A person saves a search once (the database refuses a copy): another is drawn instead.
    if (saved.has(`${user} ${JSON.stringify(params)}`)) {
      g -= 1
      continue
    }
    saved.add(`${user} ${JSON.stringify(params)}`)
    const shape = search.area
      ? 'area'
      : search.bbox
        ? 'box'
        : search.radius
          ? 'place+radius'
          : search.place
            ? 'place'
            : search.keywords
              ? 'keywords'
              : 'filters only'
    shapes[shape] = (shapes[shape] ?? 0) + 1
    rows.push({
      user,
      name: `${SAVED_NAME}${g}`,
      params,
      alerts: r.chance(0.25) ? 'off' : r.chance(0.55) ? 'instant' : 'daily',
    })
  }
  if (have >= count) return { shapes }
  await db.query(
    "delete from public.saved_searches where name like 'Bench shape %' or name like 'Bench saved (%'",
  )
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     select ('c1000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
       'bench-saver-' || n || '@example.com', jsonb_build_object('name', 'Bench Saver ' || n), now(), now()
     from generate_series(0, $1::int - 1) as n
     on conflict (id) do nothing`,
    [people],
  )
  for (let from = 0; from < rows.length; from += 2000) {
    const batch = rows.slice(from, from + 2000)
    await db.query(
      `insert into public.saved_searches (user_id, name, params, alerts)
       select * from unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[])
       on conflict do nothing`,
      [
        batch.map((x) => x.user),
        batch.map((x) => x.name),
        batch.map((x) => x.params),
        batch.map((x) => x.alerts),
      ],
    )
  }
  await db.query('vacuum analyze public.saved_searches')
  return { shapes }
}

const PUBLISHERS = 10
/** The bench's saved searches by name, with the version of their distribution (an older one is replaced). */
const SAVED_NAME = 'Bench saved (2) '

/** Landlords who publish in the bench (password `roost-bench`); their day's publishes are forgotten first. */
async function publishers(db: pg.Pool) {
  await db.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000',
       ('b1000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
       'bench-publisher-' || n || '@example.com', extensions.crypt('roost-bench', extensions.gen_salt('bf', 4)),
       now(), '{"provider": "email", "providers": ["email"]}', jsonb_build_object('name', 'Bench Publisher ' || n),
       now(), now(), '', '', '', ''
     from generate_series(1, $1::int) as n
     on conflict (id) do nothing`,
    [PUBLISHERS],
  )
  return Array.from({ length: PUBLISHERS }, (_, i) => ({
    id: `b1000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    email: `bench-publisher-${i + 1}@example.com`,
  }))
}

/** A new listing as the app's publish sends it (draftListingRow), near a place, by `owner`. */
function newListing(r: Random, place: Place, owner: string, apiUrl: string) {
  const rent = r.chance(0.5)
  const price = rent ? 500 + Math.floor(r.next() * 40) * 100 : 100_000 + Math.floor(r.next() * 60) * 10_000
  const words = () => r.rank(r.pick(Object.values(VOCABULARY)))
  return {
    id: randomUUID(),
    type: rent ? 'rent' : 'sale',
    name: `Bench publish ${r.rank(VOCABULARY.kind)}`.slice(0, 32).trim(),
    bedrooms: 1 + Math.floor(r.next() * 5),
    bathrooms: 1 + Math.floor(r.next() * 2),
    parking: r.chance(0.3),
    furnished: r.chance(0.25),
    location: place.label,
    offer: false,
    regular_price: price,
    discounted_price: null,
    description: `A ${words()} home with ${words()}, ${words()} and ${words()}.`,
    image_urls: [`${apiUrl}/storage/v1/object/public/listing-images/${owner}/bench/photo-1.jpg`],
    latitude: round(place.latitude + (r.next() - 0.5) * 0.02, 6),
    longitude: round(place.longitude + (r.next() - 0.5) * 0.03, 6),
    // The facts publishing needs, from the values above (no draws: the stream stays as it was): an EPC rating,
    // a council tax band and, for rent, a deposit of 5 weeks' rent (the cap below £50,000 a year).
    epc_rating: 'BCCDDEF'.charAt(Math.floor(price / 100) % 7),
    council_tax_band: 'ABCDEFG'.charAt(Math.floor(price / 100) % 7),
    deposit: rent ? Math.floor((price * 12 * 5) / 52) : null,
  }
}

/**
 * The plans of a statement as anon: auto_explain's, of the statement and of each it runs inside a function
 * (a PL/pgSQL function's queries; a SQL function inlined shows in the statement's own plan).
 */
function explainAsAnon(db: pg.Pool, sql: { text: string; params: unknown[] }): Promise<Explained[]> {
  return explainAs(db, sql, { role: 'anon', claims: { role: 'anon' }, runs: 2 })
}

/** The plans of a statement as `role` with its JWT claims, of its last of `runs` runs (rolled back). */
async function explainAs(
  db: pg.Pool,
  sql: { text: string; params: unknown[] },
  as: { role: string; claims: Record<string, string>; runs: number; every?: true },
): Promise<Explained[]> {
  const client = await db.connect()
  const plans: Explained[] = []
  const onNotice = (notice: { message?: string }) => {
    const found = /^duration: ([\d.]+) ms\s+plan:\nQuery Text: ([\s\S]*)$/.exec(notice.message ?? '')
    if (!found) return
    // The statement's text (perhaps of several lines), then its plan from the first line with a cost.
    const lines = (found[2] ?? '').split('\n')
    const at = Math.max(
      1,
      lines.findIndex((line) => /\(cost=[\d.]+\.\.[\d.]+ rows=/.test(line)),
    )
    plans.push({
      executionMs: Number(found[1]),
      sql: lines.slice(0, at).join('\n').replace(LISTING_COLUMNS, '<listing columns>'),
      plan: lines.slice(at).join('\n'),
    })
  }
  try {
    client.on('notice', onNotice)
    await client.query("load 'auto_explain'")
    for (const setting of [
      'log_min_duration = 0',
      'log_analyze = on',
      'log_buffers = on',
      'log_timing = on',
      'log_nested_statements = on',
      "log_level = 'notice'",
    ])
      await client.query(`set auto_explain.${setting}`)
    await client.query('begin')
    await client.query(`set local role ${as.role}`)
    await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(as.claims)])
    // Warmed as the timed requests were: the plans are the last run's.
    for (let run = 0; run < as.runs; run += 1) {
      plans.length = 0
      await client.query(sql.text, sql.params)
    }
    await client.query('rollback')
    // The statement itself last (with the time of all it ran); the set_config line is not one of the search's.
    // The search's reads of the listings as the function runs them, then the statement itself (last, with the
    // time of all it ran); not the helpers' own small statements.
    return as.every
      ? plans
      : plans.filter((p, i) => i === plans.length - 1 || /market_listings|public\.listings/.test(p.sql))
  } catch (error) {
    await client.query('rollback').catch(() => {})
    return [{ sql: sql.text, plan: `(failed: ${String(error)})`, executionMs: Number.NaN }]
  } finally {
    client.off('notice', onNotice)
    await client.query('reset auto_explain.log_min_duration').catch(() => {})
    client.release()
  }
}

/** The client process (search-scale-client.ts): one command at a time, one JSON line back for each. */
function startClient() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/search-scale-client.ts'], {
    cwd: PROJECT_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const answers = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const send = async <T>(command: MeasureCommand | RandomCommand | PublishCommand): Promise<T> => {
    child.stdin.write(`${JSON.stringify(command)}\n`)
    const next = await answers.next()
    if (next.done) throw new Error('the search-scale client exited')
    const answer = JSON.parse(next.value) as { result?: T; error?: string }
    if (answer.error !== undefined) throw new Error(answer.error)
    return answer.result as T
  }
  return { send, close: () => child.stdin.end() }
}

const log = (line: string) => console.log(`[scale] ${line}`)

export async function benchSearchScale(opts: ScaleOptions, commit: string): Promise<ScaleReport> {
  const db = new pg.Pool({ connectionString: opts.databaseUrl, max: 4 })
  const client = startClient()
  try {
    await db.query('set statement_timeout = 0')
    const listings = Number((await db.query('select count(*) as n from public.listings')).rows[0].n)
    const settings: Record<string, string> = {}
    for (const name of [
      'shared_buffers',
      'effective_cache_size',
      'work_mem',
      'random_page_cost',
      'max_connections',
    ])
      settings[name] = String((await db.query(`show ${name}`)).rows[0][name])
    const places = await benchPlaces(db)
    log(
      `places: ${places.big.label} (${places.big.id}), ${places.mid.label} (${places.mid.id}), ${places.small.label} (${places.small.id})`,
    )
    const requests = await buildRequests(db, places)
    const base = { apiUrl: opts.apiUrl, anonKey: opts.anonKey }
    // The stack just started: its first few hundred requests are slower (code not yet optimised, each new
    // connection's caches). Untimed, so that the first row is timed as warm as the last.
    const [first] = requests
    if (first && opts.requests > 0)
      await client.send<Measured>({
        kind: 'measure',
        ...base,
        name: first.name,
        paths: first.paths,
        count: 200,
        warmup: 0,
      })
    const figures: ScaleFigures[] = []
    for (const request of requests) {
      const { rows, c1, c8 } = await client.send<Measured>({
        kind: 'measure',
        ...base,
        name: request.name,
        paths: request.paths,
        count: opts.requests,
        warmup: opts.warmup,
      })
      const explain: Explained[] = []
      for (const sql of request.sql) explain.push(...(await explainAsAnon(db, sql)))
      figures.push({
        name: request.name,
        what: request.what,
        paths: request.paths,
        rows,
        c1,
        c8,
        withinBudget:
          c1.p95Ms <= BUDGETS.c1P95Ms && c8.p95Ms <= BUDGETS.c8P95Ms && c1.timeouts + c8.timeouts === 0,
        explain,
      })
      log(
        `${request.name}: rows ${rows.join('/')}, c1 p95 ${c1.p95Ms} ms, c8 p95 ${c8.p95Ms} ms, timeouts ${c1.timeouts + c8.timeouts}`,
      )
    }

    // Random searches: drawn once from a fixed seed, each sent once untimed, then once at concurrency 1 and
    // once at 8 (its page 1 and its count together).
    const seed = 50
    const r = random(seed)
    const place = await weightedPlaces(db)
    const drawn = Array.from({ length: opts.randomSearches }, () => randomSearch(r, place))
    const randomFigures = await client.send<RandomFigures>({
      kind: 'random',
      ...base,
      searches: drawn.map(({ search, sort }) => [pagePath(search, sort), countPath(search)]),
    })
    const order = randomFigures.c1Latencies
      .map((ms, i) => ({ ms, i }))
      .filter(({ ms }) => Number.isFinite(ms))
      .sort((a, b) => b.ms - a.ms)
    const slowest: RandomReport['slowest'] = []
    for (const [k, { ms, i }] of order.slice(0, 10).entries()) {
      const { search, sort } = drawn[i] as { search: Search; sort: Sort }
      const explain =
        k < 3
          ? [
              ...(await explainAsAnon(db, pageSql(search, sort))),
              ...(await explainAsAnon(db, countSql(search))),
            ]
          : undefined
      slowest.push({
        search,
        sort,
        ms: round(ms, 1),
        rows: randomFigures.rows[i] ?? [],
        ...(explain ? { explain } : {}),
      })
    }
    const random_: RandomReport = {
      ...randomFigures,
      searches: drawn.length,
      seed,
      withinBudget:
        randomFigures.c1.p95Ms <= BUDGETS.c1P95Ms &&
        randomFigures.c8.p95Ms <= BUDGETS.c8P95Ms &&
        randomFigures.c1.timeouts + randomFigures.c8.timeouts === 0,
      slowest,
    }
    log(
      `random: c1 p50 ${randomFigures.c1.p50Ms} p95 ${randomFigures.c1.p95Ms} ms, c8 p95 ${randomFigures.c8.p95Ms} ms, timeouts ${randomFigures.c1.timeouts + randomFigures.c8.timeouts}`,
    )

    // A publish: 20,000 saved searches of every shape, then listings published through the API as landlords
    // (the app's upsert), each matched against them by the insert's trigger; removed after.
    const savedSearches = 20_000
    const { shapes } = await seedSavedSearches(db, savedSearches, place)
    const owners = await publishers(db)
    await db.query('delete from public.listing_publishes where user_id = any($1::uuid[])', [
      owners.map((o) => o.id),
    ])
    const pr = random(51)
    const bodies = Array.from({ length: opts.publishes }, (_, i) => {
      const owner = owners[i % owners.length] as { id: string; email: string }
      return { email: owner.email, row: newListing(pr, place(pr), owner.id, opts.apiUrl) }
    })
    let publish: PublishFigures
    try {
      publish = await client.send<PublishFigures>({
        kind: 'publish',
        ...base,
        password: 'roost-bench',
        bodies,
      })
    } finally {
      await db.query("delete from public.listings where name like 'Bench publish %'")
      await db.query('delete from public.listing_publishes where user_id = any($1::uuid[])', [
        owners.map((o) => o.id),
      ])
    }
    // The insert's plans as the trigger runs them (as the landlord, rolled back).
    const sample = bodies[0]?.row
    const publishExplain = sample ? await explainPublish(db, sample, owners[0]?.id ?? '') : []
    const publishReport: PublishReport = {
      ...publish,
      savedSearches: Number(
        (await db.query(`select count(*) as n from public.saved_searches where name like '${SAVED_NAME}%'`))
          .rows[0].n,
      ),
      shapes,
      withinBudget: publish.p95Ms <= BUDGETS.publishP95Ms && publish.errors === 0,
      explain: publishExplain,
    }
    log(`publish: p50 ${publish.p50Ms} p95 ${publish.p95Ms} ms, errors ${publish.errors}`)
    const os = await import('node:os')
    return {
      listings,
      commit,
      at: new Date().toISOString(),
      settings,
      samples: opts.requests,
      requests: figures,
      random: random_,
      publish: publishReport,
      budgets: BUDGETS,
      loadAverage: os.loadavg().map((v) => round(v, 1)),
    }
  } finally {
    client.close()
    await db.end()
  }
}

/** One publish's statements, as the landlord, with the trigger's (saved-search matching), rolled back. */
function explainPublish(db: pg.Pool, row: Record<string, unknown>, owner: string): Promise<Explained[]> {
  const columns = Object.keys(row).join(', ')
  return explainAs(
    db,
    {
      text: `insert into public.listings (${columns})
        select ${columns} from jsonb_populate_record(null::public.listings, $1::jsonb)
        on conflict (id) do nothing`,
      params: [row],
    },
    { role: 'authenticated', claims: { role: 'authenticated', sub: owner }, runs: 1, every: true },
  )
}

const cell = (loop: Loop) => `${loop.p50Ms} / ${loop.p95Ms}`

/** The report as markdown: the table of every row, the random searches, the publish, then each plan. */
export function scaleMarkdown(reports: ScaleReport[]): string {
  const md: string[] = []
  const n = (r: ScaleReport) => r.listings.toLocaleString('en-GB')
  md.push(`# Search at scale: ${reports.map(n).join(' and ')} listings`)
  md.push('')
  md.push(
    'Written by `npm run bench -- --listings N --search-only` (tests/bench/run-search-scale.ts, search-scale.ts). ' +
      'Each row is a search of /search as the app makes it: anonymous calls through the stack (gateway and PostgREST) of ' +
      '`search_homes` (page 1, 11 rows, sent together with its `count_homes`; the slower of the two is timed) or of page 50 ' +
      `by keyset (after the 490th home), their arguments as a JSON body (the app's GET with JSON text reaches the jsonb parameter as a JSON string, which the server at this commit refuses). Each is timed ${reports[0]?.samples ?? 100} times at concurrency 1, then at 8, after a few untimed; ` +
      `budgets: p95 ≤ ${BUDGETS.c1P95Ms} ms at concurrency 1 and ≤ ${BUDGETS.c8P95Ms} ms at 8, no timeouts (3 s), and a publish p95 ≤ ${BUDGETS.publishP95Ms} ms. ` +
      'Requests are sent from a process of their own (search-scale-client.ts, node:http), which shares the 2 CPUs with the stack and ' +
      'whatever else the machine runs; "DB ms" is the database\'s own time of the row\'s statements (auto_explain as anon, the second of two runs), ' +
      "which the machine's other load disturbs far less.",
  )
  md.push('')
  md.push(
    "Listings are the bench seed's: spread over the GB gazetteer's towns by population, each with a description written from a vocabulary " +
      'of 411 phrases of listing language (521 words) drawn by rank (Zipf), so `garden` is in many homes and `passivhaus` in few.',
  )
  md.push('')
  for (const r of reports)
    md.push(
      `- ${n(r)} listings: measured ${r.at} on server commit \`${r.commit}\`; load average at the end ${r.loadAverage.join(', ')}; Postgres ${JSON.stringify(r.settings)}`,
    )
  md.push('')
  const head = [
    'Row',
    ...reports.flatMap((r) => [
      `${n(r)} rows`,
      `c1 p50 / p95 ms`,
      'c8 p50 / p95 ms',
      'timeouts',
      'DB ms',
      'budget',
    ]),
  ]
  md.push(`| ${head.join(' | ')} |`)
  md.push(`| ${head.map(() => '---').join(' | ')} |`)
  const names = [...new Set(reports.flatMap((r) => r.requests.map((x) => x.name)))]
  for (const name of names) {
    const cells = reports.flatMap((r) => {
      const f = r.requests.find((x) => x.name === name)
      if (!f) return ['–', '–', '–', '–', '–', '–']
      const db = round(
        f.explain.filter((e) => e.sql.startsWith('select')).reduce((sum, e) => sum + (e.executionMs || 0), 0),
        2,
      )
      return [
        f.rows.join(' / '),
        cell(f.c1),
        cell(f.c8),
        `${f.c1.timeouts + f.c8.timeouts}`,
        `${db}`,
        Number.isNaN(f.c1.p95Ms) ? 'not timed' : f.withinBudget ? 'yes' : '**no**',
      ]
    })
    md.push(`| ${name} | ${cells.join(' | ')} |`)
  }
  md.push('')
  md.push('## Random searches')
  md.push('')
  md.push(
    'Drawn from a fixed seed, not chosen by hand: a place (40%, each place as often as the square root of its population), a place and a radius (25%), ' +
      'a drawn area of 4–33 points and 0.5–10.5 km (10%), a map box (5%) or nowhere; keywords for 35% (a word of the vocabulary, drawn by rank in a kind; two for a quarter; ' +
      'the first 3–5 letters for a fifth); a type for 70%, prices for half, bedrooms, bathrooms, parking, furnished, offer and under offer now and then; any sort. ' +
      'Each is sent once untimed, then each once at concurrency 1 and once at 8 (page 1 with its count).',
  )
  md.push('')
  md.push(
    '| Listings | Searches | c1 p50 / p95 / max ms | c8 p50 / p95 / max ms | timeouts | errors | budget |',
  )
  md.push('| --- | --- | --- | --- | --- | --- | --- |')
  for (const r of reports) {
    const x = r.random
    md.push(
      `| ${n(r)} | ${x.searches} | ${x.c1.p50Ms} / ${x.c1.p95Ms} / ${x.c1.maxMs} | ${x.c8.p50Ms} / ${x.c8.p95Ms} / ${x.c8.maxMs} | ${x.c1.timeouts + x.c8.timeouts} | ${x.c1.errors + x.c8.errors} | ${x.withinBudget ? 'yes' : '**no**'} |`,
    )
  }
  for (const r of reports) {
    md.push('')
    md.push(`Slowest random searches at ${n(r)} (concurrency 1):`)
    md.push('')
    for (const s of r.random.slowest)
      md.push(`- ${s.ms} ms, rows ${s.rows.join(' / ')}: \`${JSON.stringify(s.search)}\` sort ${s.sort}`)
  }
  md.push('')
  md.push('## Publish')
  md.push('')
  md.push(
    "A new listing through the API as a landlord (the app's upsert, `on_conflict=id`, ignore duplicates), the insert's trigger matching it " +
      'against the saved searches (20,000, of every shape: see below), one after another; removed after.',
  )
  md.push('')
  md.push('| Listings | Saved searches | Shapes | Publishes | p50 / p95 / max ms | errors | budget |')
  md.push('| --- | --- | --- | --- | --- | --- | --- |')
  for (const r of reports) {
    const p = r.publish
    md.push(
      `| ${n(r)} | ${p.savedSearches} | ${Object.entries(p.shapes)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )} | ${p.sent} | ${p.p50Ms} / ${p.p95Ms} / ${p.maxMs} | ${p.errors} | ${p.withinBudget ? 'yes' : '**no**'} |`,
    )
  }
  for (const r of reports) {
    md.push('')
    md.push(`## Plans at ${n(r)} listings (auto_explain as anon, ANALYZE, BUFFERS)`)
    const explained = [
      ...r.requests.map((f) => ({ title: `${f.name}: ${f.what}`, paths: f.paths, explain: f.explain })),
      ...r.random.slowest
        .filter((s) => s.explain)
        .map((s) => ({
          title: `random, ${s.ms} ms: ${JSON.stringify(s.search)} sort ${s.sort}`,
          paths: [] as Call[],
          explain: s.explain ?? [],
        })),
    ]
    for (const f of explained) {
      md.push('')
      md.push(`### ${f.title}`)
      md.push('')
      for (const call of f.paths)
        md.push(
          `- \`${call.body === undefined ? 'GET' : 'POST'} ${call.path.replace(enc(LISTING_COLUMNS), '<listing columns>')}${call.body === undefined ? '' : ` ${call.body}`}\``,
        )
      for (const e of f.explain) {
        md.push('')
        md.push('```')
        md.push(`-- ${e.sql.replace(/\s+/g, ' ').slice(0, 400)} (${e.executionMs} ms)`)
        md.push(e.plan)
        md.push('```')
      }
    }
  }
  return `${md.join('\n')}\n`
}

export { quantile }
