import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { searchArgs } from '../../src/features/search/search-query'
import type { HomeSearch } from '../../src/types/home-search'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../src/types/listing'
import { matchesSearch } from '../../src/utils/match-listings'
import { isOnMarket } from '../../src/utils/on-market'
import { prng } from './saved-searches-generate'
import { serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import {
  type Centre,
  homePositions,
  placeCentres,
  type RandomWorld,
  randomListing,
  randomSearch,
  randomShapes,
} from './support/search-random'

/**
 * Saved searches match new listings by the one definition of a search (home_search_where with each search's
 * own values), found through their lookup keys: publishing records exactly the matches the device's matcher
 * finds, and the lookup finds exactly what checking every search one by one finds. The database refuses a
 * saved search that is not a valid search, with home_search_problem's message, and converted the old `q`.
 */

const random = prng(4242)
let centres: Centre[]
let world: RandomWorld
const people: string[] = []
const searches: { id: string; user: string; params: HomeSearch }[] = []
let landlord: TestUser

beforeAll(async () => {
  centres = await withDatabase(placeCentres)
  world = { centres, shapes: randomShapes(random, centres, 15) }
  landlord = await signedInUser('Lee Lister')
  await withDatabase(async (db) => {
    for (let p = 0; p < 15; p += 1) {
      const user = randomUUID()
      people.push(user)
      await db.query(
        `insert into auth.users (id, email, aud, role) values ($1::uuid, 'seeker-' || $2 || '@example.com', 'authenticated', 'authenticated')`,
        [user, user],
      )
      const seen = new Set<string>()
      while (seen.size < 20) {
        const params = searchArgs(randomSearch(random, world)) as HomeSearch
        const key = JSON.stringify(params)
        // The database keeps a minimum price at most the maximum (saved_searches_price_order).
        if (seen.has(key) || (params.minPrice ?? 0) > (params.maxPrice ?? Number.POSITIVE_INFINITY)) continue
        seen.add(key)
        const id = randomUUID()
        searches.push({ id, user, params })
        await db.query(
          `insert into public.saved_searches (id, user_id, name, params, alerts) values ($1, $2, 'Search', $3, 'instant')`,
          [id, user, JSON.stringify(params)],
        )
      }
    }
  })
}, 120_000)

afterAll(async () => {
  await withDatabase((db) => db.query('delete from auth.users where id = any($1::uuid[])', [people]))
})

async function readListings(ids: string[]): Promise<Listing[]> {
  const { rows } = await withDatabase((db) =>
    db.query<{ rows: unknown[] }>(
      `select coalesce(json_agg(t), '[]') as rows from (select ${LISTING_COLUMNS} from public.listings where id = any($1::uuid[])) as t`,
      [ids],
    ),
  )
  return parseListingRows(rows[0]?.rows)
}

describe('publishing records the saved searches a listing matches', () => {
  it('exactly those the device finds, by place, radius, keywords, drawn area and every filter', async () => {
    const rows = homePositions(random, world, 120).map((at) =>
      randomListing(random, at, landlord.id, inject('apiUrl')),
    )
    const ids = rows.map((row) => row.id)
    try {
      // Published in batches, as people publish: each insert's trigger matches its listings.
      for (let i = 0; i < rows.length; i += 20) {
        const { error } = await serviceClient()
          .from('listings')
          .insert(rows.slice(i, i + 20))
        if (error) throw new Error(JSON.stringify(error))
      }
      const listings = await readListings(ids)
      const expected = new Set<string>()
      for (const search of searches) {
        const centre = search.params.radius ? centres.find((c) => c.id === search.params.place) : null
        for (const listing of listings)
          if (isOnMarket(listing) && matchesSearch(listing, search.params, centre))
            expected.add(`${search.id}:${listing.id}`)
      }
      const recorded = await withDatabase(async (db) => {
        const { rows: found } = await db.query<{ pair: string }>(
          `select saved_search_id || ':' || listing_id as pair from public.saved_search_matches
           where listing_id = any($1::uuid[]) and saved_search_id = any($2::uuid[])`,
          [ids, searches.map((s) => s.id)],
        )
        return new Set(found.map((row) => row.pair))
      })
      expect([...expected].filter((pair) => !recorded.has(pair))).toEqual([])
      expect([...recorded].filter((pair) => !expected.has(pair))).toEqual([])
      expect(recorded.size).toBeGreaterThan(50)

      // The lookup keys find exactly what checking every saved search one by one finds.
      const brute = await withDatabase(async (db) => {
        const where = (await db.query<{ sql: string }>("select public.home_search_where('s.match') as sql"))
          .rows[0]?.sql
        const { rows: found } = await db.query<{ pair: string }>(
          `select s.id || ':' || h.id as pair from public.listings as h, public.saved_searches as s
           where h.id = any($1::uuid[]) and s.id = any($2::uuid[]) and ${where}`,
          [ids, searches.map((s) => s.id)],
        )
        const { rows: indexed } = await db.query<{ pair: string }>(
          `select m.saved_search_id || ':' || h.id as pair
           from public.listings as h cross join lateral public.saved_searches_matching(h) as m
           where h.id = any($1::uuid[]) and m.saved_search_id = any($2::uuid[])`,
          [ids, searches.map((s) => s.id)],
        )
        return { all: found.map((r) => r.pair).sort(), indexed: indexed.map((r) => r.pair).sort() }
      })
      expect(brute.indexed).toEqual(brute.all)
    } finally {
      await serviceClient().from('listings').delete().in('id', ids.slice(0, 60))
      await serviceClient().from('listings').delete().in('id', ids.slice(60))
    }
  }, 180_000)
})

describe('saved_searches.params', () => {
  let person: TestUser
  beforeAll(async () => {
    person = await signedInUser('Sam Saver')
  })

  it.each([
    ['an unknown place', { place: 123 }, 'Unknown place 123'],
    ['a radius without a place', { radius: '5' }, 'A radius needs a place'],
    ['a radius not in the list', { place: 2643743, radius: '7' }, 'Unknown radius "7"'],
    ['keywords over 100 characters', { keywords: 'k'.repeat(101) }, 'Keywords are at most 100 characters'],
    ['an area that does not decode', { area: 'not an area' }, 'The area does not decode'],
    ['the legacy text', { q: 'Hackney' }, 'q is read as a place or keywords'],
    ['a view', { view: 'map' }, 'A saved search holds no view'],
    ['an unknown key', { colour: 'red' }, 'Unknown search field "colour"'],
  ])('refuses %s with a clear error', async (_, params, message) => {
    const { error } = await person.client.from('saved_searches').insert({ name: 'Bad search', params })
    expect(error?.code).toBe('22023')
    expect(error?.message).toContain(message)
  })

  it('keeps a place, radius, keywords, area and filters, with the values matching reads', async () => {
    const params = { place: 2643743, radius: '0.5', keywords: 'Garden café', type: 'rent', maxPrice: 2000 }
    const { data, error } = await person.client
      .from('saved_searches')
      .insert({ name: 'Near the centre', params })
      .select('id, params')
      .single()
    expect(error).toBeNull()
    expect(data?.params).toEqual(params)
    const match = await withDatabase(
      async (db) =>
        (await db.query('select match, match_lookup from public.saved_searches where id = $1', [data?.id]))
          .rows[0],
    )
    expect(match.match).toMatchObject({ query: "'garden':* & 'cafe':*", type: 'rent', maxPrice: 2000 })
    expect(match.match.near).toMatchObject({ miles: 0.5 })
    expect(match.match_lookup).toMatch(/^c\d+$/)
  })
})

describe('the one-off conversion of q', () => {
  it('makes the one place of that name a place, anything else keywords, keeping names, dropping copies', async () => {
    const migration = fs
      .readdirSync(path.join('supabase', 'migrations'))
      .find((name) => name.endsWith('_search-like-a-portal.sql'))
    const text = fs.readFileSync(path.join('supabase', 'migrations', migration ?? ''), 'utf8')
    const conversion = text.slice(
      text.indexOf('create temporary table converted_searches'),
      text.indexOf('-- Every other saved search'),
    )
    expect(conversion).toContain('update public.saved_searches')
    const user = randomUUID()
    const result = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        await db.query(
          `insert into auth.users (id, email, aud, role) values ($1::uuid, $2 || '@example.com', 'authenticated', 'authenticated')`,
          [user, user],
        )
        await db.query('alter table public.saved_searches disable trigger saved_searches_resolve')
        await db.query(
          `insert into public.saved_searches (user_id, name, params, created_at) values
             ($1, 'Old Salford', '{"q": "salford", "type": "rent"}', now() - interval '3 days'),
             ($1, 'Gardens', '{"q": "garden flat"}', now() - interval '2 days'),
             ($1, 'Newport twice', '{"q": "Newport"}', now() - interval '2 days'),
             ($1, 'Same place', '{"place": 2638671, "type": "rent"}', now() - interval '1 day')`,
          [user],
        )
        await db.query('alter table public.saved_searches enable trigger saved_searches_resolve')
        await db.query(conversion)
        const { rows } = await db.query<{ name: string; params: HomeSearch; match: unknown }>(
          'select name, params, match from public.saved_searches where user_id = $1 order by created_at',
          [user],
        )
        return rows
      } finally {
        await db.query('rollback')
      }
    })
    // Salford is one place: its search becomes that place, and the later copy of it goes.
    const salford = await withDatabase(async (db) =>
      (await db.query<{ id: number }>("select id from public.places where name = 'Salford'")).rows.map(
        (r) => r.id,
      ),
    )
    expect(salford).toEqual([2638671])
    expect(result.map((row) => [row.name, row.params])).toEqual([
      ['Old Salford', { place: 2638671, type: 'rent' }],
      ['Gardens', { keywords: 'garden flat' }],
      ['Newport twice', { keywords: 'Newport' }],
    ])
    expect(result.every((row) => row.match !== null)).toBe(true)
  })
})
