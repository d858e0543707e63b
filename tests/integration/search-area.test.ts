import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bbox, MAP_HOMES_LIMIT, withinArea } from '../../src/features/map/api/search-area'
import { anonClient, serviceClient, signedInUser, withDatabase } from './support/clients'

/** A patch of open Atlantic no seed listing reaches, so the counts below are the test's own. */
const AREA: Bbox = [-30, 40, -29, 41]
const [WEST, SOUTH, EAST, NORTH] = AREA
const INSIDE_RENT = MAP_HOMES_LIMIT + 20
const INSIDE_SALE = 12
const OUTSIDE = 8

const service = serviceClient()
let landlord = ''

function home(n: number, type: 'rent' | 'sale', longitude: number, latitude: number) {
  return {
    id: randomUUID(),
    type,
    name: `Area test home ${n}`,
    location: 'Mid-Atlantic',
    regular_price: type === 'rent' ? 900 + n : 200_000 + n,
    image_urls: ['https://example.com/a.jpg'],
    latitude,
    longitude,
    user_ref: landlord,
  }
}

beforeAll(async () => {
  landlord = (await signedInUser('Area Landlord')).id
  const rows = [
    // A grid across the box, its corners included: bounds are inclusive.
    ...Array.from({ length: INSIDE_RENT }, (_, n) =>
      home(
        n,
        'rent',
        WEST + ((n % 26) / 25) * (EAST - WEST),
        SOUTH + (Math.floor(n / 26) / 19) * (NORTH - SOUTH),
      ),
    ),
    ...Array.from({ length: INSIDE_SALE }, (_, n) => home(n, 'sale', -29.5, 40.5 + n / 100)),
    // Just outside each side.
    ...Array.from({ length: OUTSIDE }, (_, n) => {
      const side = n % 4
      const lon = side === 0 ? WEST - 0.001 : side === 1 ? EAST + 0.001 : -29.5
      const lat = side === 2 ? SOUTH - 0.001 : side === 3 ? NORTH + 0.001 : 40.5
      return home(1000 + n, 'rent', lon, lat)
    }),
  ]
  // In batches: each publish also finds the saved searches it matches, so one statement of hundreds of homes
  // can outlast a statement timeout while other test files keep thousands of saved searches.
  for (let start = 0; start < rows.length; start += 50) {
    const { error } = await service.from('listings').insert(rows.slice(start, start + 50))
    expect(error).toBeNull()
  }
})

afterAll(async () => {
  await service.from('listings').delete().eq('user_ref', landlord)
})

const areaQuery = (bbox: Bbox) =>
  withinArea(anonClient().from('listings').select('id,type,latitude,longitude', { count: 'exact' }), bbox)

describe('the search map area query (bounding box through the API, under RLS)', () => {
  it(`returns at most ${MAP_HOMES_LIMIT} homes inside the box and the exact total, with the other filters`, async () => {
    const { data, count, error } = await areaQuery(AREA)
      .eq('type', 'rent')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(MAP_HOMES_LIMIT)
    expect(error).toBeNull()
    expect(data).toHaveLength(MAP_HOMES_LIMIT)
    expect(count).toBe(INSIDE_RENT)
    for (const row of data ?? []) {
      expect(row.type).toBe('rent')
      expect(row.longitude).toBeGreaterThanOrEqual(WEST)
      expect(row.longitude).toBeLessThanOrEqual(EAST)
      expect(row.latitude).toBeGreaterThanOrEqual(SOUTH)
      expect(row.latitude).toBeLessThanOrEqual(NORTH)
    }
  })

  it('counts every home in the box when none is filtered out, and only those', async () => {
    const { count, error } = await areaQuery(AREA).limit(MAP_HOMES_LIMIT)
    expect(error).toBeNull()
    expect(count).toBe(INSIDE_RENT + INSIDE_SALE)
    const sale = await areaQuery(AREA).eq('type', 'sale').limit(MAP_HOMES_LIMIT)
    expect(sale.data).toHaveLength(INSIDE_SALE)
    expect(sale.count).toBe(INSIDE_SALE)
  })

  it('narrows to a smaller box, edges included', async () => {
    // The grid's west column: 520 homes in 20 rows of 26, the first row on the south edge, the last on the north.
    const { data, count } = await areaQuery([WEST, SOUTH, WEST, NORTH]).limit(MAP_HOMES_LIMIT)
    expect(count).toBe(20)
    expect(new Set(data?.map((row) => row.longitude))).toEqual(new Set([WEST]))
  })

  it('is answered by the area index', async () => {
    const plan = await withDatabase(async (db) => {
      await db.query('set enable_seqscan = off')
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `explain select id from public.listings
         where longitude >= $1 and longitude <= $2 and latitude >= $3 and latitude <= $4`,
        [WEST, EAST, SOUTH, NORTH],
      )
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('listings_area_idx')
  })
})
