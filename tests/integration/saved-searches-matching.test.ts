import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HomeSearch, parseHomeSearch } from '../../src/types/home-search'
import { LISTING_COLUMNS, type ListingRow, parseListingRows } from '../../src/types/listing'
import { matchesSearch } from '../../src/utils/match-listings'
import {
  chance,
  type GeneratedListing,
  pick,
  prng,
  randomListing,
  randomParams,
  randomRawSearch,
  toParams,
} from './saved-searches-generate'
import { serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * One definition of a match. listing_matches_search (Postgres) and matchesSearch (the device) agree
 * on thousands of random searches × random listings; publishing a listing queues exactly the
 * searches that match it (found by index, checked against every search); and the database accepts
 * a saved search's params exactly when they are what parseHomeSearch gives for a URL.
 */

let landlord: TestUser
const published: string[] = []

/** `?underOffer=false`: only available homes (src/types/home-search.ts). */
const AVAILABLE_ONLY = { underOffer: false } as HomeSearch

async function publish(rows: GeneratedListing[], by = landlord): Promise<ListingRow[]> {
  const withIds = rows.map((row) =>
    validListing(randomUUID(), { ...row, image_urls: ['https://images.example.com/listings/x/y/1.jpg'] }),
  )
  // Written for the landlord by the service role: a test publishes more than an account may in a day.
  const { data, error } = await serviceClient()
    .from('listings')
    .insert(withIds.map((row) => ({ ...row, user_ref: by.id })))
    .select(LISTING_COLUMNS)
  if (error) throw error
  const stored = data as unknown as ListingRow[]
  published.push(...stored.map((row) => row.id))
  return stored
}

beforeAll(async () => {
  landlord = await signedInUser('Parity Landlord')
})

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', published)
})

describe('search_fold', () => {
  it('lowercases every character (but NUL, which text cannot hold) as JavaScript does', async () => {
    const chars: string[] = []
    for (let cp = 1; cp <= 0x10ffff; cp++)
      if (cp < 0xd800 || cp > 0xdfff) chars.push(String.fromCodePoint(cp))
    const mismatches = await withDatabase(async (db) => {
      const found: string[] = []
      for (let start = 0; start < chars.length; start += 50_000) {
        const slice = chars.slice(start, start + 50_000)
        const { rows } = await db.query<{ folded: string[] }>(
          'select array(select public.search_fold(c) from unnest($1::text[]) as c) as folded',
          [slice],
        )
        const folded = rows[0]?.folded ?? []
        slice.forEach((char, index) => {
          if (folded[index] !== char.toLowerCase()) found.push(`U+${char.codePointAt(0)?.toString(16)}`)
        })
      }
      return found
    })
    expect(mismatches).toEqual([])
  }, 120_000)
})

describe('the parity property: Postgres and the device agree', () => {
  it('on 2,000 random searches × 200 random listings', async () => {
    const random = prng(26_001)
    const rows = await publish(Array.from({ length: 200 }, () => randomListing(random)))
    const listings = parseListingRows(rows)
    const searches = Array.from({ length: 2_000 }, () => randomParams(random))
    const fromPostgres = await withDatabase(async (db) => {
      const { rows: pairs } = await db.query<{ search: number; listing_id: string }>(
        `select (p.i - 1)::int as search, l.id as listing_id
         from jsonb_array_elements($1::jsonb) with ordinality as p(params, i)
         cross join public.listings as l
         where l.id = any($2::uuid[]) and public.listing_matches_search(l, p.params)`,
        [JSON.stringify(searches), listings.map((listing) => listing.id)],
      )
      return new Set(pairs.map((pair) => `${pair.search}:${pair.listing_id}`))
    })
    const fromDevice = new Set<string>()
    searches.forEach((search, index) => {
      for (const listing of listings)
        if (matchesSearch(listing, search)) fromDevice.add(`${index}:${listing.id}`)
    })
    const onlyPostgres = [...fromPostgres].filter((pair) => !fromDevice.has(pair))
    const onlyDevice = [...fromDevice].filter((pair) => !fromPostgres.has(pair))
    const explain = (pair: string) => {
      const [search, id] = pair.split(':')
      const listing = listings.find((candidate) => candidate.id === id)
      return {
        search: searches[Number(search)],
        listing: listing && [
          listing.location,
          listing.name,
          listing.description,
          rows.find((r) => r.id === id)?.status,
        ],
      }
    }
    expect(onlyPostgres.slice(0, 5).map(explain)).toEqual([])
    expect(onlyDevice.slice(0, 5).map(explain)).toEqual([])
    // Available only, and homes in every status, are among them.
    const availableOnly = searches.filter(
      (search) => (search as Record<string, unknown>).underOffer === false,
    )
    expect(availableOnly.length).toBeGreaterThan(200)
    expect(new Set(rows.map((row) => row.status)).size).toBe(6)
    // The data is varied enough to mean something: many matches, and most searches match something else.
    expect(fromDevice.size).toBeGreaterThan(5_000)
    expect(fromDevice.size).toBeLessThan(searches.length * listings.length * 0.5)
  }, 180_000)
})

describe('saved_searches.params', () => {
  /** Whether the table's two CHECKs on params accept each of these. */
  const acceptsAll = (all: unknown[]) =>
    withDatabase(async (db) => {
      const { rows } = await db.query<{ ok: boolean }>(
        `select public.saved_search_params_valid(p)
           and (jsonb_typeof(p -> 'minPrice') is distinct from 'number'
             or jsonb_typeof(p -> 'maxPrice') is distinct from 'number'
             or p -> 'minPrice' <= p -> 'maxPrice') as ok
         from jsonb_array_elements($1::jsonb) with ordinality as e(p, i)
         order by i`,
        [JSON.stringify(all)],
      )
      return rows.map((row) => row.ok)
    })
  const accepts = async (params: unknown) => (await acceptsAll([params]))[0]

  it('accepts what parseHomeSearch gives for 1,000 random URLs (min ≤ max)', async () => {
    const random = prng(26_002)
    const all = Array.from({ length: 1_000 }, () => randomParams(random))
    const verdicts = await acceptsAll(all)
    expect(all.filter((_, i) => !verdicts[i])).toEqual([])
  })

  it('refuses what parseHomeSearch would change, for 1,000 random raw searches', async () => {
    const random = prng(26_003)
    const raws = Array.from({ length: 1_000 }, () => {
      const raw = randomRawSearch(random)
      // Numbers written as text, as a URL would: never a saved search's form.
      if (chance(random, 0.2) && raw.minBeds !== undefined) raw.minBeds = String(raw.minBeds)
      return raw
    })
    const verdicts = await acceptsAll(raws)
    const wrong = raws.flatMap((raw, i) => {
      const parsed = toParams(parseHomeSearch(raw))
      const fixedPoint = JSON.stringify(parsed) === JSON.stringify(sortLike(parsed, raw)) && !('view' in raw)
      const orderOk =
        typeof raw.minPrice !== 'number' || typeof raw.maxPrice !== 'number' || raw.minPrice <= raw.maxPrice
      return verdicts[i] === (fixedPoint && orderOk) ? [] : [{ raw, accepted: verdicts[i] }]
    })
    expect(wrong).toEqual([])
    // Both kinds occur.
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(100)
    expect(verdicts.filter((ok) => !ok).length).toBeGreaterThan(100)
  })

  it.each([
    ['an unknown key', { q: 'Hackney', colour: 'red' }],
    ['view', { view: 'map' }],
    ['a number as text', { minBeds: '2' }],
    ['a fraction', { minPrice: 1.5 }],
    ['a price beyond any listing', { maxPrice: 750_000_001 }],
    ['a minimum price of 0 (the default, left out)', { minPrice: 0 }],
    ['51 bedrooms', { minBeds: 51 }],
    ['0 bathrooms', { minBaths: 0 }],
    ['a flag set to false', { parking: false }],
    ['the default sort', { sort: 'newest' }],
    ['an unknown type', { type: 'lease' }],
    ['text with surrounding spaces', { q: ' Hackney ' }],
    ['text with a double space', { q: 'Mare  Street' }],
    ['text with a tab', { q: 'Mare\tStreet' }],
    ['text longer than 100', { q: 'x'.repeat(101) }],
    ['empty text', { q: '' }],
    ['text as a number', { q: 123 }],
    ['a bbox with three numbers', { bbox: '1,2,3' }],
    ['a bbox west of itself', { bbox: '0.1,51.5,-0.1,51.6' }],
    ['a bbox beyond the poles', { bbox: '-0.1,51.5,0.1,91' }],
    ['a bbox with trailing zeros', { bbox: '-0.10,51.5,0.1,51.6' }],
    ['a bbox with spaces', { bbox: '-0.1, 51.5, 0.1, 51.6' }],
    ['a bbox as an array', { bbox: [-0.1, 51.5, 0.1, 51.6] }],
    ['an array instead of an object', ['q', 'Hackney']],
  ])('refuses %s', async (_what, params) => {
    expect(await accepts(params)).toBe(false)
  })

  it('accepts text cut at 100 characters that ends in a space, as parseHomeSearch leaves it', async () => {
    const cut = toParams(parseHomeSearch({ q: `${'a'.repeat(99)} bcd` }))
    expect(cut.q).toHaveLength(100)
    expect(cut.q?.endsWith(' ')).toBe(true)
    expect(await accepts(cut)).toBe(true)
  })
})

/** The raw search with parseHomeSearch's key order, so a fixed point compares equal as JSON. */
function sortLike(parsed: HomeSearch, raw: Record<string, unknown>): Record<string, unknown> {
  const keys = [...Object.keys(parsed), ...Object.keys(raw).filter((key) => !(key in parsed))]
  return Object.fromEntries(keys.filter((key) => key in raw).map((key) => [key, raw[key]]))
}

describe('publishing queues the searches a listing matches', () => {
  type Seeker = { id: string; searches: { id: string; params: HomeSearch }[] }

  /** People with 20 saved searches each, written as the table owner (no sign-up per person). */
  async function seekers(count: number, seed: number): Promise<Seeker[]> {
    const random = prng(seed)
    const people: Seeker[] = Array.from({ length: count }, () => ({ id: randomUUID(), searches: [] }))
    await withDatabase(async (db) => {
      await db.query(
        `insert into auth.users (id, email, aud, role) select id, 'seeker-' || id || '@example.com', 'authenticated', 'authenticated' from unnest($1::uuid[]) as id`,
        [people.map((person) => person.id)],
      )
      // One person saves a search once (the database refuses a copy): 20 different ones each.
      const keyOf = (params: HomeSearch) =>
        JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))
      for (const person of people) {
        const seen = new Set<string>()
        while (person.searches.length < 20) {
          const params = randomParams(random)
          if (seen.has(keyOf(params))) continue
          seen.add(keyOf(params))
          person.searches.push({ id: randomUUID(), params })
        }
        await db.query(
          `insert into public.saved_searches (id, user_id, name, params, alerts)
           select s.id, $1, 'Search', s.params, $3
           from jsonb_to_recordset($2::jsonb) as s(id uuid, params jsonb)`,
          [person.id, JSON.stringify(person.searches), pick(random, ['instant', 'daily'])],
        )
      }
    })
    return people
  }

  it('finds, by index, exactly the searches every search checked one by one finds', async () => {
    const people = await seekers(100, 26_004)
    const random = prng(26_005)
    // Random searches are broad (each listing matches about a tenth of them): published ten at a time.
    const ids: string[] = []
    for (let batch = 0; batch < 6; batch++) {
      const rows = await publish(Array.from({ length: 10 }, () => randomListing(random)))
      ids.push(...rows.map((row) => row.id))
    }
    const { queued, expected } = await withDatabase(async (db) => {
      await db.query('set statement_timeout = 0')
      const queuedRows = await db.query<{ pair: string }>(
        `select saved_search_id || ':' || listing_id as pair from public.alert_deliveries where listing_id = any($1::uuid[])`,
        [ids],
      )
      const expectedRows = await db.query<{ pair: string }>(
        `select s.id || ':' || l.id as pair
         from public.saved_searches as s cross join public.listings as l
         where l.id = any($1::uuid[]) and s.user_id = any($2::uuid[]) and s.alerts <> 'off'
           and public.listing_matches_search(l, s.params)`,
        [ids, people.map((person) => person.id)],
      )
      return {
        queued: new Set(queuedRows.rows.map((row) => row.pair)),
        expected: new Set(expectedRows.rows.map((row) => row.pair)),
      }
    })
    expect(expected.size).toBeGreaterThan(100)
    expect([...expected].filter((pair) => !queued.has(pair))).toEqual([])
    expect([...queued].filter((pair) => !expected.has(pair))).toEqual([])
    await withDatabase((db) =>
      db.query('delete from auth.users where id = any($1::uuid[])', [people.map((p) => p.id)]),
    )
  }, 180_000)

  it('finds map areas of every size, from 100 m to the whole country, edges included', async () => {
    const random = prng(26_031)
    // Homes on and beside the lines of the grid search_area_cell files areas in (0° and 51.5° are lines
    // at every size), and away from them.
    const homes: GeneratedListing[] = [
      { lng: 0, lat: 51.5 },
      { lng: -0.0001, lat: 51.4999 },
      { lng: -0.12345, lat: 51.54321 },
      { lng: -3.18812, lat: 55.95303 },
    ].map(({ lng, lat }) => ({
      ...randomListing(random),
      longitude: lng,
      latitude: lat,
      status: 'available',
    }))
    // A bbox's coordinates as the URL writes them: 7 decimals at most, none closer to 0 than 0.000001.
    const text = (value: number) => String(Math.abs(value) < 1e-6 ? 0 : Number(value.toFixed(7)))
    const areas: string[] = []
    for (const home of homes) {
      for (let n = 0; n < 100; n++) {
        // Widths from 2^-11° to 2^4°, the home inside, on an edge, just outside (5e-7°, below the error the
        // box operators allow) or well outside.
        const width = 2 ** (-11 + random() * 15)
        const height = width * (0.3 + random() * 0.7)
        let west = home.longitude - random() * width
        let south = home.latitude - random() * height
        const edge = pick(random, [
          'inside',
          'west',
          'east',
          'south',
          'north',
          'past west',
          'past north',
          'away',
        ])
        if (edge === 'west') west = home.longitude
        if (edge === 'east') west = home.longitude - width
        if (edge === 'south') south = home.latitude
        if (edge === 'north') south = home.latitude - height
        if (edge === 'past west') west = home.longitude + 5e-7
        if (edge === 'past north') south = home.latitude - height - 5e-7
        if (edge === 'away') west = home.longitude + width * (1 + random())
        const bbox = [west, south, west + width, south + height]
        // The edges as the text will hold them, so that 'on an edge' is exact.
        if (edge === 'east') bbox[2] = home.longitude
        if (edge === 'north') bbox[3] = home.latitude
        areas.push(bbox.map(text).join(','))
      }
    }
    const people = Array.from({ length: areas.length / 20 }, () => randomUUID())
    await withDatabase(async (db) => {
      await db.query(
        `insert into auth.users (id, email, aud, role) select id, 'area-' || id || '@example.com', 'authenticated', 'authenticated' from unnest($1::uuid[]) as id`,
        [people],
      )
      await db.query(
        `insert into public.saved_searches (user_id, name, params, alerts)
         select ($1::uuid[])[1 + (n - 1) / 20], 'Area', jsonb_build_object('bbox', bbox), 'instant'
         from unnest($2::text[]) with ordinality as a(bbox, n)`,
        [people, areas],
      )
    })
    const ids = (await publish(homes)).map((row) => row.id)
    const { queued, expected } = await withDatabase(async (db) => {
      const pairs = async (sql: string) =>
        new Set((await db.query<{ pair: string }>(sql, [ids, people])).rows.map((row) => row.pair))
      return {
        queued: await pairs(
          `select saved_search_id || ':' || listing_id as pair from public.alert_deliveries
           where listing_id = any($1::uuid[]) and user_id = any($2::uuid[])`,
        ),
        expected: await pairs(
          `select s.id || ':' || l.id as pair from public.saved_searches as s, public.listings as l
           where l.id = any($1::uuid[]) and s.user_id = any($2::uuid[]) and public.listing_matches_search(l, s.params)`,
        ),
      }
    })
    // Both kinds are many: matches, and areas that miss a home.
    expect(expected.size).toBeGreaterThan(150)
    expect(expected.size).toBeLessThan(areas.length * homes.length - 150)
    expect([...expected].filter((pair) => !queued.has(pair))).toEqual([])
    expect([...queued].filter((pair) => !expected.has(pair))).toEqual([])
    await withDatabase((db) => db.query('delete from auth.users where id = any($1::uuid[])', [people]))
  }, 120_000)

  it('can find the candidates with index-only scans of the two indexes', async () => {
    const plan = await withDatabase(async (db) => {
      await db.query('vacuum analyze public.saved_searches')
      // The test database holds a few hundred searches, which a sequential scan reads as fast: the plan the
      // indexes give, as at a million (npm run bench shows that plan).
      await db.query('set enable_seqscan = off')
      const explain = async (sql: string) =>
        (await db.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${sql}`, [published[0]])).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n')
      // The two candidate queries of saved_searches_matching, for one listing, with the columns it reads.
      const columns =
        's.id, s.user_id, s.alerts, s.match_words, s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area'
      return [
        await explain(`select ${columns} from public.saved_searches as s, public.listings as l
           where l.id = $1 and s.match_key = any(public.search_text_pieces(public.search_fold(l.search_text)))`),
        await explain(`select ${columns} from public.saved_searches as s, public.listings as l
           where l.id = $1 and s.match_key is null
             and s.match_cell = any(public.search_point_cells(l.longitude, l.latitude))`),
      ].join('\n')
    })
    expect(plan).toMatch(/Index Only Scan using saved_searches_match_key_idx/)
    expect(plan).toMatch(/Index Only Scan using saved_searches_match_cell_idx/)
  })

  it.each<[string, HomeSearch, Partial<GeneratedListing>, boolean]>([
    ['part of a word in any case', { q: 'ACKNE' }, { location: '1 Mare Street, Hackney' }, true],
    ['a word in the description', { q: 'conservatory' }, { description: 'With a Conservatory.' }, true],
    ['every word, or nothing', { q: 'hackney conservatory' }, { location: '1 Mare Street, Hackney' }, false],
    ['accents in any case', { q: 'café' }, { name: 'Flat above the CAFÉ' }, true],
    ['the type', { type: 'sale' }, { type: 'rent' }, false],
    [
      'the price paid, on offer',
      { maxPrice: 900 },
      { offer: true, regular_price: 1000, discounted_price: 900 },
      true,
    ],
    ['the regular price, off offer', { maxPrice: 900 }, { regular_price: 1000 }, false],
    ['a minimum price', { minPrice: 1001 }, { regular_price: 1000 }, false],
    ['bedrooms', { minBeds: 3 }, { bedrooms: 3 }, true],
    ['too few bedrooms', { minBeds: 3 }, { bedrooms: 2 }, false],
    ['bathrooms', { minBaths: 2 }, { bathrooms: 1 }, false],
    ['parking', { parking: true }, { parking: false }, false],
    ['furnished', { furnished: true }, { furnished: true }, true],
    ['offers', { offer: true }, { offer: false }, false],
    ['the map area', { bbox: '-0.1,51.5,0,51.6' }, { latitude: 51.55, longitude: -0.05 }, true],
    ['outside the map area', { bbox: '-0.1,51.5,0,51.6' }, { latitude: 51.55, longitude: 0.05 }, false],
    ['under offer, included by default', {}, { type: 'sale', status: 'under_offer' }, true],
    ['let agreed, included by default', { type: 'rent' }, { status: 'let_agreed' }, true],
    ['available only: under offer left out', AVAILABLE_ONLY, { type: 'sale', status: 'under_offer' }, false],
    ['available only: sold STC left out', AVAILABLE_ONLY, { type: 'sale', status: 'sold_stc' }, false],
    ['available only: let agreed left out', AVAILABLE_ONLY, { status: 'let_agreed' }, false],
    ['available only: available kept', AVAILABLE_ONLY, { status: 'available' }, true],
    [
      'every filter at once',
      {
        q: 'hackney',
        type: 'rent',
        minPrice: 1000,
        maxPrice: 2000,
        minBeds: 2,
        minBaths: 1,
        parking: true,
        furnished: true,
        bbox: '-0.1,51.5,0,51.6',
      },
      {
        location: '1 Mare Street, Hackney',
        type: 'rent',
        regular_price: 1500,
        bedrooms: 2,
        parking: true,
        furnished: true,
        latitude: 51.55,
        longitude: -0.05,
      },
      true,
    ],
  ])('%s', async (_rule, params, listing, matches) => {
    const seeker = await signedInUser('Seeker')
    const saved = await seeker.client
      .from('saved_searches')
      .insert({ name: 'Test', params, alerts: 'instant' })
      .select('id')
      .single()
    expect(saved.error).toBeNull()
    const base: GeneratedListing = {
      type: 'rent',
      name: 'A plain flat to rent',
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: false,
      location: '1 Plain Road, Nowhere',
      description: null,
      offer: false,
      regular_price: 1500,
      discounted_price: null,
      latitude: 51.55,
      longitude: -0.05,
      status: 'available',
    }
    const [row] = await publish([{ ...base, ...listing }])
    const queued = await serviceClient()
      .from('alert_deliveries')
      .select('saved_search_id, kind, user_id')
      .eq('listing_id', row?.id ?? '')
      .eq('saved_search_id', saved.data?.id ?? '')
    expect(queued.error).toBeNull()
    expect(queued.data).toEqual(
      matches ? [{ saved_search_id: saved.data?.id, kind: 'instant', user_id: seeker.id }] : [],
    )
  })
})
