import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatHomeCount } from '../../src/utils/format-home-count'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { insertListingsQuietly } from './support/insert-listings'
import { countArgsOf, type Search, searchPageQuery } from './support/search-query'

/**
 * What keeps search fast at a million homes, checked against what it replaces:
 * - count_listings counts exactly what the search lists (market_listings) below 1,000, and says 1,000 or 1,001
 *   from there (`1,000+ homes`), for every role;
 * - map_clusters' cells count exactly the homes they stand for, and stay so as listings change;
 * - neither shows a home that is off the market or held for review, to anyone.
 */

/** A patch of open Atlantic that no seed listing or other test reaches: the homes there are this file's. */
const PATCH = { west: -40, south: 30, east: -39, north: 31 }
const PATCH_HOMES = 1200
/** Home i of the patch lies on one line, at longitude west + i * STEP: the first n lie west of lonOf(n - 1). */
const STEP = 1 / 2000
const lonOf = (i: number) => PATCH.west + i * STEP

const service = serviceClient()
let landlord: TestUser
let ids: string[] = []
let roles: [string, SupabaseClient][] = []

const SEARCHES: Search[] = [
  {},
  { q: 'london' },
  { q: 'LONDON', type: 'rent', maxPrice: 2000, sort: 'price-asc' },
  { q: 'hackn' },
  { q: 'e8', sort: 'price-desc' },
  { q: 'flat garden' },
  { q: 'zzzqqqnomatch' },
  { q: 'a' },
  { type: 'sale', minBeds: 2, sort: 'price-desc' },
  { offer: true, parking: true },
  { minPrice: 900, maxPrice: 1500, minBaths: 2, furnished: true, sort: 'price-asc' },
]

beforeAll(async () => {
  landlord = await signedInUser('Cluster Landlord')
  const rows = Array.from({ length: PATCH_HOMES }, (_, i) => ({
    id: randomUUID(),
    type: i % 3 === 0 ? 'sale' : 'rent',
    name: `Scale test home ${i}`,
    location: 'Mid-Atlantic ridge',
    offer: i % 4 === 0,
    regular_price: 1000 + i,
    discounted_price: i % 4 === 0 ? 900 + i : null,
    image_urls: ['https://example.com/a.jpg'],
    // A line across the patch, bending north, so cells of every grid hold several homes.
    latitude: PATCH.south + 0.5 + ((i % 40) / 40) * 0.4,
    longitude: lonOf(i),
    user_ref: landlord.id,
  }))
  // Inserted as the owner without queueing alerts: saved searches other files left would otherwise each take
  // these 1,200 homes as matches, which took longer than the data API lets a statement run.
  await insertListingsQuietly(rows)
  ids = rows.map((row) => row.id)
  roles = [
    ['anon', anonClient()],
    ['authenticated', landlord.client],
    ['service_role', service],
  ]
})

afterAll(async () => {
  // A hundred at a time: 1,200 ids in one URL is more than the gateway takes.
  for (let from = 0; from < ids.length; from += 100) {
    const { error } = await service
      .from('listings')
      .delete()
      .in('id', ids.slice(from, from + 100))
    if (error) throw error
  }
})

describe('count_listings', () => {
  const count = async (client: SupabaseClient, args: Record<string, unknown>) => {
    const { data, error } = await client.rpc('count_listings', args, { get: true })
    if (error) throw error
    return data as number
  }
  /** The exact count of a search's homes on the market, as the list reads them. */
  const exactCount = async (client: SupabaseClient, search: Search) => {
    const { error, count } = await searchPageQuery(client, search, undefined, {
      count: true,
      limit: 1,
      from: 'market_listings',
    })
    if (error) throw error
    return count
  }

  it("is the search's exact count below 1,000 and 1,001 above, for every role", async () => {
    for (const [role, client] of roles) {
      for (const search of SEARCHES) {
        const exact = await exactCount(client, search)
        expect(await count(client, countArgsOf(search)), `${role} ${JSON.stringify(search)}`).toBe(
          Math.min(exact ?? Number.NaN, 1001),
        )
      }
    }
  })

  it('counts a map area exactly below the cap, and `1,000+ homes` at and above it', async () => {
    const area = (n: number) => ({
      west: PATCH.west,
      south: PATCH.south,
      east: lonOf(n - 1),
      north: PATCH.north,
    })
    const shown = async (n: number) => formatHomeCount(await count(anonClient(), area(n)))
    expect(await count(anonClient(), area(1))).toBe(1)
    expect(await count(anonClient(), area(999))).toBe(999)
    expect(await shown(999)).toBe('999 homes')
    expect(await count(anonClient(), area(1000))).toBe(1000)
    expect(await shown(1000)).toBe('1,000+ homes')
    expect(await count(anonClient(), area(1001))).toBe(1001)
    expect(await count(anonClient(), area(PATCH_HOMES))).toBe(1001)
    expect(await shown(PATCH_HOMES)).toBe('1,000+ homes')
    // With other filters: sale homes are every third (400 of the 1,200).
    expect(await count(anonClient(), { ...area(PATCH_HOMES), type: 'sale' })).toBe(400)
    expect(await count(anonClient(), { ...area(PATCH_HOMES), type: 'sale', words: 'ridge scale' })).toBe(400)
  })
})

describe('map_clusters', () => {
  type Cluster = { cell_x: number; cell_y: number; homes: number; latitude: number; longitude: number }
  type Home = { id: string; type: string; offer: boolean; latitude: number; longitude: number }

  const clustersOf = async (cell: number, filter: { type?: string; offer?: boolean } = {}) => {
    const { data, error } = await anonClient().rpc(
      'map_clusters',
      { cell, ...PATCH, ...filter },
      { get: true },
    )
    if (error) throw error
    return data as Cluster[]
  }
  /** Every home on the market in the patch, a page of 1,000 (PostgREST's most rows) at a time. */
  const homesInPatch = async (): Promise<Home[]> => {
    const homes: Home[] = []
    for (let from = 0; ; from += 1000) {
      const { data, error } = await anonClient()
        .from('market_listings')
        .select('id, type, offer, latitude, longitude')
        .gte('longitude', PATCH.west)
        .lte('longitude', PATCH.east)
        .gte('latitude', PATCH.south)
        .lte('latitude', PATCH.north)
        .order('id')
        .range(from, from + 999)
      if (error) throw error
      homes.push(...(data as Home[]))
      if (data.length < 1000) return homes
    }
  }
  /** The homes grouped as the grid groups them: cell key → count and the mean of their positions. */
  const grouped = (homes: Home[], cell: number) => {
    const cells = new Map<string, { homes: number; latitude: number; longitude: number }>()
    for (const home of homes) {
      const key = `${Math.floor(home.longitude / cell)},${Math.floor(home.latitude / cell)}`
      const c = cells.get(key) ?? { homes: 0, latitude: 0, longitude: 0 }
      c.homes += 1
      c.latitude += home.latitude
      c.longitude += home.longitude
      cells.set(key, c)
    }
    return cells
  }
  const expectClustersToBe = async (homes: Home[], filter: { type?: string; offer?: boolean } = {}) => {
    for (const cell of [1, 0.25, 0.0625, 0.015625]) {
      const clusters = await clustersOf(cell, filter)
      const expected = grouped(homes, cell)
      expect(clusters.length, `cell ${cell}`).toBe(expected.size)
      for (const c of clusters) {
        const want = expected.get(`${c.cell_x},${c.cell_y}`)
        expect(c.homes, `cell ${cell} ${c.cell_x},${c.cell_y}`).toBe(want?.homes)
        expect(c.latitude).toBeCloseTo((want?.latitude ?? 0) / (want?.homes ?? 1), 9)
        expect(c.longitude).toBeCloseTo((want?.longitude ?? 0) / (want?.homes ?? 1), 9)
      }
      expect(clusters.reduce((sum, c) => sum + c.homes, 0)).toBe(homes.length)
    }
  }

  it('count, cell by cell and on every grid, exactly the homes they stand for', async () => {
    const homes = await homesInPatch()
    expect(homes).toHaveLength(PATCH_HOMES)
    await expectClustersToBe(homes)
    await expectClustersToBe(
      homes.filter((h) => h.type === 'rent'),
      { type: 'rent' },
    )
    await expectClustersToBe(
      homes.filter((h) => h.type === 'sale' && h.offer),
      { type: 'sale', offer: true },
    )
  })

  it('follow the homes as they move, change and leave', async () => {
    // Ten homes move out of the patch, ten become sales on offer, five are deleted.
    const moved = ids.slice(0, 10)
    const changed = ids.slice(10, 20)
    const deleted = ids.slice(20, 25)
    const move = await landlord.client
      .from('listings')
      .update({ latitude: 10, longitude: -40.5 })
      .in('id', moved)
    const change = await landlord.client
      .from('listings')
      .update({ type: 'sale', offer: true, regular_price: 5000, discounted_price: 4000 })
      .in('id', changed)
    const remove = await landlord.client.from('listings').delete().in('id', deleted)
    expect([move.error, change.error, remove.error]).toEqual([null, null, null])
    const homes = await homesInPatch()
    expect(homes).toHaveLength(PATCH_HOMES - 15)
    await expectClustersToBe(homes)
    await expectClustersToBe(
      homes.filter((h) => h.type === 'sale' && h.offer),
      { type: 'sale', offer: true },
    )
  })

  it('are read and written by no one but their function and trigger', async () => {
    for (const [role, client] of roles) {
      const read = await client.from('listing_clusters').select('homes').limit(1)
      expect(read.error?.code, role).toBe('42501')
      const insert = await client.from('listing_clusters').insert({
        cell: 1,
        cell_x: 0,
        cell_y: 0,
        type: 'rent',
        offer: false,
        leaves_on: 'infinity',
        homes: 5,
        latitude_sum: 0,
        longitude_sum: 0,
      })
      expect(insert.error?.code, role).toBe('42501')
    }
  })
})

describe('homes off the market or held for review', () => {
  /** The patch's homes through count_listings and map_clusters (the finest grid), for a role. */
  const seen = async (client: SupabaseClient) => {
    const counted = await client.rpc('count_listings', PATCH, { get: true })
    const clusters = await client.rpc('map_clusters', { cell: 0.015625, ...PATCH }, { get: true })
    if (counted.error) throw counted.error
    if (clusters.error) throw clusters.error
    const rows = (clusters.data ?? []) as { homes: number }[]
    return { count: counted.data as number, clustered: rows.reduce((sum, c) => sum + c.homes, 0) }
  }

  it('are neither counted nor clustered, for any role (the landlord included)', async () => {
    // Homes 100–399 stay in the patch, so its count is below the cap; then some leave the market or are held.
    const kept = ids.slice(100, 400)
    const gone = ids.filter((id) => !kept.includes(id))
    for (let from = 0; from < gone.length; from += 100) {
      const { error } = await service
        .from('listings')
        .update({ latitude: 10, longitude: -40.5 })
        .in('id', gone.slice(from, from + 100))
      if (error) throw error
    }
    const before = await seen(anonClient())
    const [held, sold, leavingSoon, soldLater] = [kept[0], kept[1], kept[2], kept[3]]
    await withDatabase(async (db) => {
      await db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
        held,
        landlord.id,
      ])
      // Sold long ago: off the market. Sold 14 days ago less five minutes: leaves in five minutes (today or
      // tomorrow, UTC); sold today: on the market for 14 more days. The status first (its change is stamped
      // now), then its time moved back, as the owner. Sold homes are sales.
      for (const id of [sold, leavingSoon, soldLater]) {
        await db.query(`update public.listings set type = 'sale', status = 'sold' where id = $1`, [id])
      }
      await db.query(
        `update public.listings set status_changed_at = now() - interval '30 days' where id = $1`,
        [sold],
      )
      await db.query(
        `update public.listings set status_changed_at = now() - interval '14 days' + interval '5 minutes' where id = $1`,
        [leavingSoon],
      )
    })
    const onMarket = await anonClient()
      .from('market_listings')
      .select('id', { count: 'exact', head: true })
      .gte('longitude', PATCH.west)
      .lte('longitude', PATCH.east)
      .gte('latitude', PATCH.south)
      .lte('latitude', PATCH.north)
    expect(onMarket.count).toBe(298)
    for (const [role, client] of roles) {
      expect(await seen(client), role).toEqual({ count: 298, clustered: 298 })
    }
    expect(before).toEqual({ count: 300, clustered: 300 })
    // Available only: the two sold homes still on the market are not.
    const available = await anonClient().rpc(
      'count_listings',
      { ...PATCH, available_only: true },
      { get: true },
    )
    expect(available.data).toBe(296)
    // Released from review, the held home counts again.
    await withDatabase((db) =>
      db.query('delete from public.listing_review_holds where listing_id = $1', [held]),
    )
    expect(await seen(anonClient())).toEqual({ count: 299, clustered: 299 })
  })
})
