import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { searchArgs } from '../../src/features/search/search-query'
import type { HomeSearch, SearchSort } from '../../src/types/home-search'
import { encodeArea } from '../../src/utils/area'
import { keywordTokens } from '../../src/utils/keywords'
import { prng } from './saved-searches-generate'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import {
  homePositions,
  placeCentres,
  type RandomWorld,
  randomListing,
  randomSearch,
  randomShapes,
  shapePoints,
} from './support/search-random'

/**
 * Every search path (count_homes; search_homes in each sort, page after page; the map's homes, which are
 * search_homes with more rows) against a plain query on the base table with market_listings' visibility,
 * written here without the server's definition, over random searches. Each search also names a token only
 * this test's homes have, so homes other tests publish meanwhile never change an answer.
 */

const random = prng(1950)
const token = `qz${randomUUID().replaceAll('-', '').slice(0, 10)}`
let world: RandomWorld
let landlord: TestUser
let ids: string[] = []

beforeAll(async () => {
  const centres = await withDatabase(placeCentres)
  world = { centres, shapes: randomShapes(random, centres, 25) }
  landlord = await signedInUser('Robin Results')
  const rows = homePositions(random, world, 300).map((at) => {
    const row = randomListing(random, at, landlord.id, inject('apiUrl'))
    return { ...row, location: `${row.location} ${token}` }
  })
  const { error } = await serviceClient().from('listings').insert(rows)
  if (error) throw new Error(`insert: ${JSON.stringify(error)}`)
  ids = rows.map((row) => row.id)
  await withDatabase(async (db) => {
    // Some prices fall (Recently reduced), some homes leave the market or are held for review.
    await db.query(
      `update public.listings set regular_price = regular_price - 10 where id = any($1::uuid[])`,
      [ids.filter((_, i) => i % 4 === 0)],
    )
    await db.query(
      `update public.listings set off_market_at = now() - interval '1 day' where id = any($1::uuid[])`,
      [ids.filter((_, i) => i % 23 === 0)],
    )
    await db.query(
      `insert into public.listing_review_holds (listing_id, landlord_id)
       select unnest($1::uuid[]), $2 on conflict do nothing`,
      [ids.filter((_, i) => i % 29 === 0), landlord.id],
    )
  })
}, 120_000)

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', ids.slice(0, 150))
  await serviceClient().from('listings').delete().in('id', ids.slice(150))
})

type Row = { id: string; created_at: string; effective_price: number; price_reduced_at: string | null }

const ORDER: Record<SearchSort, string> = {
  newest: 'created_at desc, id desc',
  'price-asc': 'effective_price, id',
  'price-desc': 'effective_price desc, id desc',
  reduced: 'price_reduced_at desc nulls last, id desc',
}

/** The search's homes by a plain query on public.listings, in the sort's order. */
async function plainQuery(search: HomeSearch, sort: SearchSort): Promise<Row[]> {
  const where: string[] = [
    '(l.off_market_at is null or l.off_market_at > now())',
    'not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.id)',
  ]
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  if (search.type) where.push(`l.type = ${param(search.type)}`)
  if (search.minPrice !== undefined) where.push(`l.effective_price >= ${param(search.minPrice)}`)
  if (search.maxPrice !== undefined) where.push(`l.effective_price <= ${param(search.maxPrice)}`)
  if (search.minBeds !== undefined) where.push(`l.bedrooms >= ${param(search.minBeds)}`)
  if (search.minBaths !== undefined) where.push(`l.bathrooms >= ${param(search.minBaths)}`)
  if (search.parking) where.push('l.parking')
  if (search.furnished) where.push('l.furnished')
  if (search.offer) where.push('l.offer')
  if (search.underOffer === false) where.push(`l.status = 'available'`)
  if (search.propertyType)
    where.push(`l.property_type = any(${param(search.propertyType.split(','))}::text[])`)
  if (search.minArea !== undefined) where.push(`l.floor_area_m2 >= ${param(search.minArea)}`)
  if (search.epc)
    where.push(
      `l.epc_rating in ('A', 'B', 'C', 'D', 'E', 'F', 'G') and l.epc_rating <= ${param(search.epc)} collate "C"`,
    )
  if (search.pets) where.push('l.pets_considered is true')
  if (search.bills) where.push('l.bills_included is true')
  if (search.availableBy)
    where.push(`(l.available_now is true or l.available_from <= ${param(search.availableBy)}::date)`)
  if (search.bbox) {
    const [w, s, e, n] = search.bbox.split(',').map(Number)
    where.push(
      `l.longitude between ${param(w)} and ${param(e)} and l.latitude between ${param(s)} and ${param(n)}`,
    )
  }
  if (search.place !== undefined && !search.radius)
    where.push(`${param(search.place)}::integer = any(l.place_ids)`)
  if (search.place !== undefined && search.radius) {
    const p = param(search.place)
    where.push(`(select 2 * 3958.8 * asin(sqrt(power(sin(radians(l.latitude - c.latitude) / 2), 2)
      + cos(radians(c.latitude)) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - c.longitude) / 2), 2)))
      from public.places as c where c.id = ${p}::integer) <= ${param(Number(search.radius))}`)
  }
  for (const wanted of keywordTokens(search.keywords).slice(0, 8))
    where.push(`exists (select 1 from unnest(public.keyword_tokens(l.location || ' ' || l.name || ' ' ||
      coalesce(l.description, ''))) as t where starts_with(t, ${param(wanted)}))`)
  if (search.area) {
    const polygon = `(${shapePoints(search.area)
      .map((p) => `(${p.lng},${p.lat})`)
      .join(',')})`
    where.push(`point(l.longitude, l.latitude) <@ ${param(polygon)}::polygon`)
  }
  return withDatabase(async (db) => {
    const { rows } = await db.query<Row>(
      `select coalesce(json_agg(t), '[]') as rows from (
         select l.id, l.created_at, l.effective_price, l.price_reduced_at from public.listings as l
         where ${where.join(' and ')} order by ${ORDER[sort]}) as t`,
      params,
    )
    return (rows[0] as unknown as { rows: Row[] }).rows
  })
}

const scoped = (search: HomeSearch): HomeSearch => ({
  ...search,
  keywords: [token, search.keywords].filter(Boolean).join(' '),
})

async function rpc<T>(db: SupabaseClient, name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.rpc(name, args, { get: true })
  if (error) throw new Error(`${name}: ${error.message}`)
  return data as T
}

const cursorOf = (row: Row) => ({
  createdAt: row.created_at,
  price: row.effective_price,
  reducedAt: row.price_reduced_at,
  id: row.id,
})

describe('every search path against a plain query on the base table', () => {
  it('on 80 random searches: the count, the first two pages in each sort, the map', async () => {
    const db = anonClient()
    let found = 0
    for (let n = 0; n < 80; n += 1) {
      const search = scoped(randomSearch(random, world))
      const args = JSON.stringify(searchArgs(search))
      const expected = await plainQuery(search, 'newest')
      found += expected.length
      expect(await rpc<number>(db, 'count_homes', { search: args }), JSON.stringify(search)).toBe(
        Math.min(expected.length, 1001),
      )
      for (const sort of ['newest', 'price-asc', 'price-desc', 'reduced'] as const) {
        const all = sort === 'newest' ? expected : await plainQuery(search, sort)
        const first = await rpc<Row[]>(db, 'search_homes', { search: args, sort, page_size: 11 })
        expect(
          first.map((r) => r.id),
          `${sort} ${JSON.stringify(search)}`,
        ).toEqual(all.slice(0, 11).map((r) => r.id))
        const tenth = all[9]
        if (tenth) {
          const next = await rpc<Row[]>(db, 'search_homes', {
            search: args,
            sort,
            after: JSON.stringify(cursorOf(tenth)),
            page_size: 11,
          })
          expect(
            next.map((r) => r.id),
            `${sort} page 2`,
          ).toEqual(all.slice(10, 21).map((r) => r.id))
        }
      }
      const map = await rpc<Row[]>(db, 'search_homes', { search: args, page_size: 501 })
      expect(map.map((r) => r.id)).toEqual(expected.slice(0, 501).map((r) => r.id))
    }
    // Not vacuous: the searches found homes.
    expect(found).toBeGreaterThan(300)
  }, 300_000)

  it('counts every home with nothing set, and caps at 1,001', async () => {
    const total = await withDatabase(
      async (db) =>
        (await db.query<{ n: number }>(`select count(*)::int as n from public.market_listings`)).rows[0]?.n ??
        0,
    )
    const counted = await rpc<number>(anonClient(), 'count_homes', {})
    expect(counted).toBe(Math.min(total, 1001))
  })
})

const BAD: [string, Record<string, unknown>, string][] = [
  ['an unknown place', { place: 123 }, 'Unknown place 123'],
  ['a place that is not a number', { place: 'York' }, 'Unknown place "York"'],
  ['a radius not in the list', { place: 2643743, radius: '2' }, 'Unknown radius "2"'],
  ['a radius without a place', { radius: '1' }, 'A radius needs a place'],
  ['keywords over 100 characters', { keywords: 'x'.repeat(101) }, 'Keywords are at most 100 characters'],
  ['an area that does not decode', { area: '!!' }, 'The area does not decode'],
  ['an area of 2 points', { area: '_p~iF~ps|U_ulLnnqC' }, 'An area has at least 3 points'],
  [
    'an area that crosses itself',
    {
      area: encodeArea([
        { lat: 51, lng: 0 },
        { lat: 51.1, lng: 0.1 },
        { lat: 51, lng: 0.1 },
        { lat: 51.1, lng: 0 },
      ]),
    },
    'Draw an area that does not cross itself',
  ],
  ['an unknown field', { colour: 'red' }, 'Unknown search field "colour"'],
  ['the legacy text', { q: 'York' }, 'q is read as a place or keywords'],
  ['a type of neither', { type: 'castle' }, 'Unknown type "castle"'],
  ['a price that is not whole', { minPrice: 1.5 }, 'minPrice is a whole number'],
  [
    'a property type Roost does not know',
    { propertyType: 'flat,castle' },
    'Unknown propertyType "flat,castle"',
  ],
  ['no property type', { propertyType: '' }, 'Unknown propertyType ""'],
  ['a floor area that is not whole', { minArea: 60.5 }, 'minArea is a whole number of m² from 1 to 10000'],
  ['a floor area over 10,000 m²', { minArea: 10_001 }, 'minArea is a whole number of m² from 1 to 10000'],
  ['an EPC of exempt', { epc: 'exempt' }, 'Unknown epc "exempt": a letter from A to G'],
  ['pets without type rent', { pets: true }, 'pets needs type rent'],
  ['bills for sale', { type: 'sale', bills: true }, 'bills needs type rent'],
  ['pets that are not true', { type: 'rent', pets: false }, 'pets is true or left out'],
  [
    'a date that does not exist',
    { type: 'rent', availableBy: '2027-02-30' },
    'availableBy is a date, YYYY-MM-DD',
  ],
  ['a date in words', { type: 'rent', availableBy: '1 March 2027' }, 'availableBy is a date, YYYY-MM-DD'],
  ['a month 13', { type: 'rent', availableBy: '2027-13-01' }, 'availableBy is a date, YYYY-MM-DD'],
]

describe('bad input is refused with 22023 and a clear message, for every role', () => {
  let person: TestUser
  beforeAll(async () => {
    person = await signedInUser('Bea Bad Input')
  })

  it.each(BAD)('%s', async (_, search, message) => {
    for (const db of [anonClient(), person.client, serviceClient()]) {
      for (const [name, args] of [
        ['count_homes', { search: JSON.stringify(search) }],
        ['search_homes', { search: JSON.stringify(search) }],
      ] as const) {
        const { error } = await db.rpc(name, args, { get: true })
        expect(error?.code, name).toBe('22023')
        expect(error?.message, `${name} ${JSON.stringify(search)}`).toContain(message)
      }
    }
  })

  it('an area of more than 50 points', async () => {
    const points = Array.from({ length: 51 }, (_, i) => ({
      lat: 51 + Math.sin((i / 51) * 2 * Math.PI) * 0.1,
      lng: Math.cos((i / 51) * 2 * Math.PI) * 0.1,
    }))
    const { error } = await anonClient().rpc(
      'count_homes',
      { search: JSON.stringify({ area: encodeArea(points) }) },
      { get: true },
    )
    expect(error?.message).toBe('An area has at most 50 points')
  })

  it('a bad sort, page size or cursor', async () => {
    const db = anonClient()
    expect((await db.rpc('search_homes', { sort: 'cheapest' }, { get: true })).error?.code).toBe('22023')
    expect((await db.rpc('search_homes', { page_size: 0 }, { get: true })).error?.code).toBe('22023')
    expect((await db.rpc('search_homes', { after: '{"price":1}' }, { get: true })).error?.code).toBe('22023')
    expect((await db.rpc('search_homes', { search: '{nonsense' }, { get: true })).error?.code).toBe('22023')
  })
})

describe('the property facts filters on the server, alone and with a place and keywords', () => {
  const word = `qf${randomUUID().replaceAll('-', '').slice(0, 10)}`
  const homes: Record<string, string> = {}
  let place = 0

  beforeAll(async () => {
    const centre = (await withDatabase(placeCentres))[0]
    if (!centre) throw new Error('no places')
    place = centre.id
    const home = (name: string, facts: Record<string, unknown>) => {
      const row = randomListing(random, { lat: centre.lat, lng: centre.lng }, landlord.id, inject('apiUrl'))
      homes[name] = row.id
      return {
        ...row,
        type: 'rent',
        status: 'available',
        location: `1 Facts Street ${word}`,
        property_type: null,
        floor_area_m2: null,
        epc_rating: null,
        epc_exempt_reason: null,
        pets_considered: null,
        bills_included: null,
        available_now: null,
        available_from: null,
        ...facts,
      }
    }
    const rows = [
      home('flat', {
        property_type: 'flat',
        floor_area_m2: 62.5,
        epc_rating: 'C',
        pets_considered: true,
        bills_included: false,
        available_from: '2027-03-01',
      }),
      home('studio', {
        property_type: 'studio',
        floor_area_m2: 28,
        epc_rating: 'B',
        pets_considered: false,
        bills_included: true,
        available_now: true,
      }),
      home('exempt', {
        property_type: 'cottage',
        floor_area_m2: 90,
        epc_rating: 'exempt',
        epc_exempt_reason: 'Listed building',
        available_now: false,
        available_from: '2027-06-30',
      }),
      home('bare', {}),
      home('sale', { type: 'sale', property_type: 'detached', floor_area_m2: 140, epc_rating: 'A' }),
    ]
    const { error } = await serviceClient().from('listings').insert(rows)
    if (error) throw new Error(`insert: ${JSON.stringify(error)}`)
  })

  afterAll(async () => {
    await serviceClient().from('listings').delete().in('id', Object.values(homes))
  })

  const found = async (search: HomeSearch) => {
    const names = Object.fromEntries(Object.entries(homes).map(([name, id]) => [id, name]))
    const args = JSON.stringify({ keywords: word, ...search })
    const rows = await rpc<Row[]>(anonClient(), 'search_homes', { search: args, page_size: 50 })
    const counted = await rpc<number>(anonClient(), 'count_homes', { search: args })
    expect(counted, args).toBe(rows.length)
    return rows.map((row) => names[row.id]).sort()
  }

  it.each([
    [{}, ['bare', 'exempt', 'flat', 'sale', 'studio']],
    [{ propertyType: 'flat' }, ['flat']],
    [{ propertyType: 'flat,studio,detached' }, ['flat', 'sale', 'studio']],
    [{ minArea: 62 }, ['exempt', 'flat', 'sale']],
    [{ minArea: 63 }, ['exempt', 'sale']],
    [{ epc: 'C' }, ['flat', 'sale', 'studio']],
    [{ epc: 'B' }, ['sale', 'studio']],
    [{ epc: 'G' }, ['flat', 'sale', 'studio']],
    [{ type: 'rent', pets: true }, ['flat']],
    [{ type: 'rent', bills: true }, ['studio']],
    [{ type: 'rent', availableBy: '2027-02-28' }, ['studio']],
    [{ type: 'rent', availableBy: '2027-03-01' }, ['flat', 'studio']],
    [{ type: 'rent', availableBy: '2027-06-30' }, ['exempt', 'flat', 'studio']],
    [
      { type: 'rent', propertyType: 'flat,studio', minArea: 20, epc: 'C', availableBy: '2027-12-31' },
      ['flat', 'studio'],
    ],
  ] as [HomeSearch, string[]][])('%j, with keywords alone and with a place', async (search, expected) => {
    expect(await found(search)).toEqual(expected)
    expect(await found({ ...search, place, radius: '1' })).toEqual(expected)
  })
})
