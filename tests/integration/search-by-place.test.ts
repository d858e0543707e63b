import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { insertListingsQuietly } from './support/insert-listings'
import { runWithNestedStatements } from './support/nested-statements'
import { countArgsOf, readSearch, type Search } from './support/search-query'

/**
 * search_newest and search_by_price: a page of a search sorted newest, or by price rising or falling, as the app
 * asks for it. Their pages are market_listings' pages (the same homes in the same order, walked by the same
 * cursor), whether they read a complete place's rows or run the view's query; they show nobody a home the view
 * hides.
 */

/** A place no seed listing or other test names, busy enough (over 1,000 homes) to be completed. */
const PLACE = 'quillhaven'
const AT_PLACE = 1060
/** Homes elsewhere whose texts contain the place: in a word, capitalised, or inside another word. */
const NAMING = [
  'Ten minutes from quillhaven, with a garden.',
  'A walk to Quillhaven harbour and the station.',
  'Quillhavenside cottage with a garden and parking.',
  'Views of QUILLHAVEN from the garden.',
]

let landlord: TestUser
let homes: Record<string, unknown>[] = []
const leaving: string[] = []
/** Homes elsewhere, naming the place, leaving on a later date: one published so, one sold subject to contract. */
const leavingNamers: string[] = []
const left: string[] = []
let held: string

type Sort = 'newest' | 'price-asc' | 'price-desc'
type Row = { id: string; created_at: string; effective_price: number }

/** The page as the app asks for it (GET, its arguments in the query string): the function of its sort. */
async function placePage(
  client: SupabaseClient,
  search: Search,
  sort: Sort,
  after: Row | null,
  pageSize: number,
) {
  const args = { ...countArgsOf(search), page_size: pageSize }
  const request =
    sort === 'newest'
      ? client.rpc(
          'search_newest',
          { ...args, ...(after ? { after_created_at: after.created_at, after_id: after.id } : {}) },
          { get: true },
        )
      : client.rpc(
          'search_by_price',
          {
            ...args,
            ...(sort === 'price-desc' ? { descending: true } : {}),
            ...(after ? { after_price: after.effective_price, after_id: after.id } : {}),
          },
          { get: true },
        )
  const { data, error } = await request.select('id, created_at, effective_price')
  if (error) throw error
  return data as Row[]
}

const newestPage = (client: SupabaseClient, search: Search, after: Row | null, pageSize: number) =>
  placePage(client, search, 'newest', after, pageSize)

/** Every page of a search, walked by the cursor of each page's last home. */
async function walkPages(
  client: SupabaseClient,
  search: Search,
  sort: Sort,
  pageSize = 11,
): Promise<string[]> {
  const ids: string[] = []
  let after: Row | null = null
  for (let page = 0; page < 500; page += 1) {
    const rows = await placePage(client, search, sort, after, pageSize)
    ids.push(...rows.map((row) => row.id))
    const last = rows.at(-1)
    if (rows.length < pageSize || !last) return ids
    after = last
  }
  throw new Error('paging did not end')
}

const walkNewest = (client: SupabaseClient, search: Search, pageSize = 11) =>
  walkPages(client, search, 'newest', pageSize)

/** The statements a page's function ran for `words`. */
async function statementsOf(words: string, sort: Sort = 'newest'): Promise<string[]> {
  const call =
    sort === 'newest'
      ? 'select id from public.search_newest(words => $1)'
      : `select id from public.search_by_price(words => $1, descending => ${sort === 'price-desc'})`
  const { statements } = await runWithNestedStatements(call, [words])
  return statements
    .map((statement) => statement.text)
    .filter((text) => !text.includes('search_newest(') && !text.includes('search_by_price('))
}
const readsPlace = (statements: string[]) =>
  statements.some((s) => s.includes('from public.listing_place_words'))

/** A box holding some of the place's homes (the map's "search this area"). */
const AREA = { west: -47.005, south: 41.015, east: -46.955, north: 41.065 }

/** The view's first 100 available homes in AREA that match `words`, in an order (column, then id). */
async function viewInArea(words: string, column: 'created_at' | 'effective_price', ascending: boolean) {
  let query = anonClient().from('market_listings').select('id').eq('status', 'available')
  for (const word of words.split(' ')) query = query.ilike('search_text', `%${word}%`)
  const { data, error } = await query
    .gte('longitude', AREA.west)
    .lte('longitude', AREA.east)
    .gte('latitude', AREA.south)
    .lte('latitude', AREA.north)
    .order(column, { ascending })
    .order('id', { ascending })
    .limit(100)
  if (error) throw error
  return data
}

/**
 * A home of the place to rent, published by a landlord of its own (the file's landlord has published
 * more today than the daily limit allows).
 */
async function publishAtPlace(landlordName: string, name: string, description: string, price: number) {
  const publisher = await signedInUser(landlordName)
  const { data, error } = await publisher.client
    .from('listings')
    .insert({
      name,
      location: 'Quay Street, Quillhaven',
      description,
      type: 'rent',
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: true,
      offer: false,
      regular_price: price,
      image_urls: ['https://example.com/a.jpg'],
      latitude: 41.3,
      longitude: -47.3,
    })
    .select('id')
    .single()
  if (error) throw error
  homes.push({ id: data.id })
  return { publisher, id: data.id as string }
}

/** Holds a home for review, or releases it. */
const setHeld = (id: string, landlordId: string, held: boolean) =>
  withDatabase((db) =>
    held
      ? db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
          id,
          landlordId,
        ])
      : db.query('delete from public.listing_review_holds where listing_id = $1', [id]),
  )

beforeAll(async () => {
  landlord = await signedInUser('Quillhaven Landlord')
  const start = Date.now() - 3_600_000
  const descriptions = [
    'A home with a garden.',
    'Gardening shed and a patio.',
    'Kind regards from the owner.',
    null,
    'A flat with a balcony and a garden, near the station.',
    'Near the station.',
  ]
  homes = Array.from({ length: AT_PLACE }, (_, i) => {
    const rent = i % 2 === 1
    // Pairs of each type share a price: their ids decide their order by price.
    const step = Math.floor(i / 4)
    const price = rent ? 600 + ((step * 37) % 2400) : 100_000 + ((step * 7919) % 900_000)
    const offer = i % 5 === 0
    return {
      id: randomUUID(),
      user_ref: landlord.id,
      name: `Quill home ${i}`,
      location: i % 7 === 0 ? 'Harbour Row, QUILLHAVEN' : 'Harbour Row, Quillhaven',
      description: descriptions[i % descriptions.length],
      type: rent ? 'rent' : 'sale',
      regular_price: price,
      offer,
      discounted_price: offer ? price - (rent ? 50 : 5000) : null,
      bedrooms: 1 + (i % 5),
      bathrooms: 1 + (i % 3),
      parking: i % 3 === 0,
      furnished: i % 4 === 0,
      image_urls: ['https://example.com/a.jpg'],
      latitude: 41 + (i % 10) / 100,
      longitude: -47 + (i % 10) / 100,
      // Pairs published at the same moment: their ids decide their order.
      created_at: new Date(start - Math.floor(i / 2) * 60_000).toISOString(),
    }
  })
  const naming = NAMING.map((description, i) => ({
    id: randomUUID(),
    user_ref: landlord.id,
    name: `Otherwick home ${i}`,
    location: 'Mill Lane, Otherwick',
    description,
    type: i % 2 === 0 ? 'rent' : 'sale',
    regular_price: i % 2 === 0 ? 1200 : 300_000,
    offer: false,
    bedrooms: 2,
    bathrooms: 1,
    parking: true,
    furnished: false,
    image_urls: ['https://example.com/a.jpg'],
    latitude: 41.2,
    longitude: -47.2,
    created_at: new Date(start - (i * 97 + 13) * 60_000).toISOString(),
  }))
  // One published already let agreed (leaving in 60 days), naming the place in its text.
  const publishedLeaving = {
    ...naming[0],
    id: randomUUID(),
    name: 'Otherwick let agreed',
    description: 'Let agreed, a walk from Quillhaven.',
    status: 'let_agreed',
  }
  homes.push(...naming)
  leavingNamers.push(publishedLeaving.id, naming[1]?.id as string)
  await insertListingsQuietly(homes)
  await withDatabase(async (db) => {
    // Among the newest: four leaving on a later date (no place rows, still on the market), two gone, one held.
    const ids = homes.map((home) => home.id as string)
    leaving.push(ids[1] as string, ids[4] as string, ids[9] as string, ids[30] as string)
    left.push(ids[2] as string, ids[7] as string)
    held = ids[5] as string
    await db.query(
      `update public.listings set status = case when type = 'rent' then 'let_agreed' else 'sold_stc' end
       where id = any($1::uuid[])`,
      [leaving],
    )
    await db.query(
      `update public.listings set status = case when type = 'rent' then 'let' else 'sold' end
       where id = any($1::uuid[])`,
      [left],
    )
    await db.query(
      `update public.listings set status_changed_at = now() - interval '30 days' where id = any($1::uuid[])`,
      [left],
    )
    await db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
      held,
      landlord.id,
    ])
    await db.query(`select public.complete_place_words($1)`, [PLACE])
    // Once the place is complete, the trigger alone writes its rows: a home naming it goes under offer.
    await db.query(`update public.listings set status = 'sold_stc' where id = $1`, [leavingNamers[1]])
    await db.query('analyze public.listing_place_words')
  })
  // And one is published already let agreed (apart: an insert takes the columns of its first row).
  await insertListingsQuietly([publishedLeaving])
  homes.push(publishedLeaving)
}, 120_000)

afterAll(async () => {
  await withDatabase((db) =>
    db.query('delete from public.listings where id = any($1::uuid[])', [homes.map((home) => home.id)]),
  )
})

describe('search_newest', () => {
  const searches: Search[] = [
    { q: PLACE },
    { q: 'QuillHaven' },
    { q: `${PLACE} garden` },
    { q: `garden ${PLACE} station` },
    { q: `${PLACE} garden`, type: 'rent', maxPrice: 2000 },
    { q: `${PLACE} station`, type: 'sale', minPrice: 300_000, minBeds: 3 },
    { q: PLACE, minBaths: 2, parking: true },
    { q: PLACE, furnished: true, offer: true },
    { q: `${PLACE} flat`, type: 'rent' },
    // Not read from the place's rows: part of its name, a word in no dictionary word, part of one.
    { q: 'quillhav' },
    { q: `${PLACE} gard` },
    { q: `${PLACE} regards`, type: 'sale' },
    { q: `${PLACE} harbour` },
    { q: 'garden', maxPrice: 2500, type: 'rent' },
    { q: 'zzqxnomatch' },
  ]

  it('gives market_listings’ pages, home for home, as anon and as the landlord', async () => {
    for (const client of [anonClient(), landlord.client]) {
      for (const search of searches) {
        const expected = (await readSearch(client, { ...search, sort: 'newest' }, 'market_listings')).map(
          (row) => row.id,
        )
        expect(await walkNewest(client, search), JSON.stringify(search)).toEqual(expected)
      }
    }
    // The searches find homes of each kind: many, few, some leaving later, none.
    const place = await walkNewest(anonClient(), { q: PLACE }, 100)
    expect(place.length).toBe(AT_PLACE + NAMING.length + 1 - left.length - 1)
    expect(place).toEqual(expect.arrayContaining(leavingNamers))
    expect(place).toEqual(expect.arrayContaining(leaving))
    expect(place).not.toContain(held)
    for (const id of left) expect(place).not.toContain(id)
    expect(
      (await walkNewest(anonClient(), { q: `${PLACE} garden`, type: 'rent', maxPrice: 2000 })).length,
    ).toBeGreaterThan(100)
    expect(await walkNewest(anonClient(), { q: 'zzqxnomatch' })).toEqual([])

    // In an area (the map's "search this area"), with under offer left out: from the place's rows and the view.
    for (const words of [PLACE, `${PLACE} garden`, 'quillhav']) {
      const { data, error } = await anonClient()
        .rpc('search_newest', { words, ...AREA, available_only: true, page_size: 100 }, { get: true })
        .select('id')
      if (error) throw error
      const view = await viewInArea(words, 'created_at', false)
      expect(data, words).toEqual(view)
      expect(view.length, words).toBeGreaterThan(20)
    }
  }, 120_000)

  it('follows the listings: a new home comes first, one that leaves goes, a held one is never shown', async () => {
    const search: Search = { q: `${PLACE} garden`, type: 'rent' }
    const { publisher, id: added } = await publishAtPlace(
      'Quay Landlord',
      'Quill loft',
      'A loft with a roof garden.',
      1500,
    )
    const first = await newestPage(anonClient(), search, null, 11)
    expect(first[0]?.id).toBe(added)

    // Held for review: gone from every page, for everyone (its landlord too); released, back.
    await setHeld(added, publisher.id, true)
    for (const client of [anonClient(), publisher.client]) {
      expect((await walkNewest(client, search)).includes(added)).toBe(false)
    }
    await setHeld(added, publisher.id, false)
    expect((await newestPage(anonClient(), search, null, 11))[0]?.id).toBe(added)

    // Let: on the market until its leaving date, then gone.
    const let_ = await publisher.client
      .from('listings')
      .update({ status: 'let' })
      .eq('id', added)
      .select('id')
    if (let_.error) throw let_.error
    expect((await newestPage(anonClient(), search, null, 11))[0]?.id).toBe(added)
    await withDatabase((db) =>
      db.query(`update public.listings set status_changed_at = now() - interval '30 days' where id = $1`, [
        added,
      ]),
    )
    expect(await walkNewest(anonClient(), search)).not.toContain(added)
    expect(await walkNewest(anonClient(), search)).toEqual(
      (await readSearch(anonClient(), { ...search, sort: 'newest' }, 'market_listings')).map((row) => row.id),
    )
  }, 60_000)

  it('keeps each place row’s creation time and leaving date its listing’s, leaving homes’ rows too', async () => {
    await withDatabase(async (db) => {
      const { rows } = await db.query<{ wrong: string; rows: string; leaving: string }>(
        `select count(*) filter (
             where (p.created_at, p.off_market_at) is distinct from (l.created_at, l.off_market_at)
           ) as wrong,
           count(*) as rows,
           count(*) filter (where p.listing_id = any($1::uuid[])) as leaving
         from public.listing_place_words as p join public.listings as l on l.id = p.listing_id`,
        [leaving],
      )
      expect(rows[0]?.wrong).toBe('0')
      expect(Number(rows[0]?.rows)).toBeGreaterThan(AT_PLACE)
      // Each leaving home has its location's words (harbour, row, quillhaven).
      expect(Number(rows[0]?.leaving)).toBe(leaving.length * 3)
      // A home leaving later has the place its text names, and its location's words, whether published leaving
      // or sold later.
      const named = await db.query<{ words: string[] }>(
        `select array_agg(word order by word) as words from public.listing_place_words
         where listing_id = any($1::uuid[]) and off_market_at > now() group by listing_id`,
        [leavingNamers],
      )
      expect(named.rows.map((row) => row.words)).toEqual([
        ['lane', 'mill', 'otherwick', PLACE],
        ['lane', 'mill', 'otherwick', PLACE],
      ])
    })
  })

  it('leaves out a home whose leaving date passed with no write, until complete_place_words deletes its rows', async () => {
    // One of the leaving homes as time would leave it: its date passes, and no trigger runs. (Set back here in a
    // transaction of its own with the place words' trigger off, rows and listing alike.)
    const [gone] = leaving
    await withDatabase(async (db) => {
      await db.query('begin')
      await db.query('alter table public.listings disable trigger listings_place_words_update')
      await db.query(
        `update public.listings set status_changed_at = now() - interval '61 days' where id = $1`,
        [gone],
      )
      await db.query('alter table public.listings enable trigger listings_place_words_update')
      await db.query(
        `update public.listing_place_words as p set off_market_at = l.off_market_at
         from public.listings as l where l.id = p.listing_id and p.listing_id = $1`,
        [gone],
      )
      await db.query('commit')
    })
    const homesOf = () =>
      withDatabase(async (db) => {
        const { rows } = await db.query<{ rows: string; homes: number }>(
          `select (select count(*) from public.listing_place_words where listing_id = $1) as rows,
             (select homes from public.listing_place_vocabulary where word = $2) as homes`,
          [gone, PLACE],
        )
        return rows[0]
      })
    const before = await homesOf()
    expect(before?.rows).toBe('3')
    const search: Search = { q: PLACE }
    const pages = await walkNewest(anonClient(), search)
    expect(pages).not.toContain(gone)
    expect(pages).toEqual(
      (await readSearch(anonClient(), { ...search, sort: 'newest' }, 'market_listings')).map((row) => row.id),
    )
    await withDatabase((db) => db.query('select public.complete_place_words()'))
    expect(await homesOf()).toEqual({ rows: '0', homes: (before?.homes ?? 0) - 1 })
    expect(await walkNewest(anonClient(), search)).toEqual(pages)
  })

  it('refuses a page size out of range and half a cursor, with a clear message', async () => {
    for (const args of [
      { words: PLACE, page_size: 0 },
      { words: PLACE, page_size: 101 },
      { words: PLACE, after_id: randomUUID() },
      { words: PLACE, after_created_at: new Date().toISOString() },
    ]) {
      const { data, error, status } = await anonClient().rpc('search_newest', args, { get: true })
      expect(data, JSON.stringify(args)).toBeNull()
      expect(status, JSON.stringify(args)).toBe(400)
      expect(error?.code).toBe('22023')
      expect(error?.message).toMatch(
        /page_size must be from 1 to 100|after_created_at and after_id go together/,
      )
    }
  })
})

describe('search_by_price', () => {
  const searches: Search[] = [
    { q: PLACE },
    { q: 'QuillHaven', type: 'rent' },
    { q: `${PLACE} garden` },
    { q: `garden ${PLACE} station`, type: 'sale' },
    { q: `${PLACE} garden`, type: 'rent', maxPrice: 2000 },
    { q: `${PLACE} station`, type: 'sale', minPrice: 300_000, minBeds: 3 },
    { q: PLACE, minPrice: 1000, maxPrice: 250_000, minBaths: 2, parking: true },
    { q: PLACE, furnished: true, offer: true },
    // Not read from the place's rows: part of its name, a word in no dictionary word, part of one.
    { q: 'quillhav', type: 'rent' },
    { q: `${PLACE} gard` },
    { q: `${PLACE} harbour`, maxPrice: 1500 },
    { q: 'garden', maxPrice: 2500, type: 'rent' },
    { q: 'zzqxnomatch' },
  ]
  const sorts = ['price-asc', 'price-desc'] as const

  it('gives market_listings’ pages by price, rising and falling, home for home, as anon and as the landlord', async () => {
    for (const client of [anonClient(), landlord.client]) {
      for (const sort of sorts) {
        for (const search of searches) {
          const expected = (await readSearch(client, { ...search, sort }, 'market_listings')).map(
            (row) => row.id,
          )
          expect(await walkPages(client, search, sort), `${sort} ${JSON.stringify(search)}`).toEqual(expected)
        }
      }
    }
    // Homes of the same price follow each other by id, across pages (pages of 3 split such pairs), in both types.
    for (const sort of sorts) {
      const rows = await readSearch(anonClient(), { q: PLACE, sort }, 'market_listings')
      const ties = rows.filter((row, i) => i > 0 && rows[i - 1]?.effective_price === row.effective_price)
      expect(ties.length).toBeGreaterThan(100)
      expect(new Set(ties.map((row) => row.type))).toEqual(new Set(['rent', 'sale']))
      expect(await walkPages(anonClient(), { q: PLACE }, sort, 3)).toEqual(rows.map((row) => row.id))
    }
    // Many, the leaving and the namers among them; none held or gone.
    const place = await walkPages(anonClient(), { q: PLACE }, 'price-desc', 100)
    expect(place.length).toBeGreaterThan(1000)
    // (The first leaving home is gone by now: its date passed in search_newest's tests.)
    expect(place).toEqual(expect.arrayContaining([...leaving.slice(1), ...leavingNamers]))
    expect(place).not.toContain(held)
    for (const id of left) expect(place).not.toContain(id)
    expect(
      (await walkPages(anonClient(), { q: `${PLACE} garden`, type: 'rent', maxPrice: 2000 }, 'price-asc'))
        .length,
    ).toBeGreaterThan(100)

    // In an area, with under offer left out: from the place's rows and the view.
    for (const words of [PLACE, `${PLACE} garden`, 'quillhav']) {
      for (const descending of [false, true]) {
        const { data, error } = await anonClient()
          .rpc(
            'search_by_price',
            { words, ...AREA, available_only: true, descending, page_size: 100 },
            { get: true },
          )
          .select('id')
        if (error) throw error
        const view = await viewInArea(words, 'effective_price', !descending)
        expect(data, words).toEqual(view)
        expect(view.length, words).toBeGreaterThan(20)
      }
    }
  }, 180_000)

  it('reads a complete place’s rows when each other word is a dictionary word, else the view as before, in each sort', async () => {
    for (const sort of ['newest', ...sorts] as const) {
      for (const words of [PLACE, 'QUILLHAVEN', `${PLACE} garden`, `station ${PLACE} garden`]) {
        expect(readsPlace(await statementsOf(words, sort)), `${sort} ${words}`).toBe(true)
      }
      for (const words of ['quillhav', `${PLACE} gard`, `${PLACE} harbour`, 'garden', '']) {
        const statements = await statementsOf(words, sort)
        expect(readsPlace(statements), `${sort} ${words}`).toBe(false)
        expect(statements.join('\n'), words).toContain('from public.market_listings')
      }
    }
  }, 60_000)

  it('follows the listings: a new home takes its place by price, a held one is never shown', async () => {
    const search: Search = { q: `${PLACE} garden`, type: 'rent' }
    const { publisher, id: added } = await publishAtPlace(
      'Quay Price Landlord',
      'Quill attic',
      'An attic with a roof garden.',
      50,
    )
    expect((await placePage(anonClient(), search, 'price-asc', null, 11))[0]?.id).toBe(added)
    expect((await walkPages(anonClient(), search, 'price-desc')).at(-1)).toBe(added)

    await setHeld(added, publisher.id, true)
    for (const client of [anonClient(), publisher.client]) {
      for (const sort of sorts) expect(await walkPages(client, search, sort)).not.toContain(added)
    }
    await setHeld(added, publisher.id, false)
    // Its price raised: it moves, in the place's rows as in the view.
    const raised = await publisher.client
      .from('listings')
      .update({ regular_price: 2001 })
      .eq('id', added)
      .select('id')
    if (raised.error) throw raised.error
    for (const sort of sorts) {
      const pages = await walkPages(anonClient(), search, sort)
      expect(pages).toContain(added)
      expect(pages).toEqual(
        (await readSearch(anonClient(), { ...search, sort }, 'market_listings')).map((row) => row.id),
      )
    }
  }, 60_000)

  it('refuses a page size out of range and half a cursor, with a clear message', async () => {
    for (const args of [
      { words: PLACE, page_size: 0 },
      { words: PLACE, page_size: 101 },
      { words: PLACE, after_id: randomUUID() },
      { words: PLACE, after_price: 1000 },
    ]) {
      const { data, error, status } = await anonClient().rpc('search_by_price', args, { get: true })
      expect(data, JSON.stringify(args)).toBeNull()
      expect(status, JSON.stringify(args)).toBe(400)
      expect(error?.code).toBe('22023')
      expect(error?.message).toMatch(/page_size must be from 1 to 100|after_price and after_id go together/)
    }
  })

  it('keeps its helpers, which read the place vocabulary, from every role the API serves', async () => {
    for (const [role, client] of [
      ['anon', anonClient()],
      ['authenticated', landlord.client],
      ['service_role', serviceClient()],
    ] as const) {
      const place = await client.rpc('search_place', { patterns: [`%${PLACE}%`] })
      expect(place.data, role).toBeNull()
      expect(place.error?.code, role).toBe('42501')
      const conditions = await client.rpc('search_filter_conditions', {
        type: 'rent',
        min_price: null,
        max_price: null,
        min_beds: null,
        min_baths: null,
        parking: false,
        furnished: false,
        offer: false,
        available_only: false,
        in_area: false,
      })
      expect(conditions.error?.code, role).toBe('42501')
    }
  })
})
