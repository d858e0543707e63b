import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { HomeSearch } from '../../src/types/home-search'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../src/types/listing'
import { matchesSearch } from '../../src/utils/match-listings'
import { prng } from './saved-searches-generate'
import { serviceClient, signedInUser, withDatabase } from './support/clients'
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
 * The parity property: the server's definition of a search (public.home_search_where, the text every search
 * path and saved-search matching runs) and the device's (matchesSearch) find the same homes, for thousands of
 * random searches with places, radii (homes around their edges), keywords, drawn areas (shapes drawn
 * across each other, homes on their corners and edges and just off them) and the property facts' filters
 * (types, floor area, EPC, and for rent pets, bills and availability; homes with facts missing or exempt).
 */

const random = prng(5050)
let world: RandomWorld
let centres: Centre[]
let listings: Listing[] = []
let ids: string[] = []

beforeAll(async () => {
  centres = await withDatabase(placeCentres)
  world = { centres, shapes: randomShapes(random, centres, 40) }
  const landlord = await signedInUser('Pat Parity')
  const rows = homePositions(random, world, 400).map((at) =>
    randomListing(random, at, landlord.id, inject('apiUrl')),
  )
  const { error } = await serviceClient().from('listings').insert(rows)
  if (error) throw new Error(`insert: ${JSON.stringify(error)}`)
  ids = rows.map((row) => row.id)
  // Rows as the API sends them (JSON), read straight from the table: 400 ids are too many for one URL.
  const read = await withDatabase((db) =>
    db.query<{ rows: unknown[] }>(
      `select coalesce(json_agg(t), '[]') as rows from (select ${LISTING_COLUMNS} from public.listings where id = any($1::uuid[])) as t`,
      [ids],
    ),
  )
  listings = parseListingRows(read.rows[0]?.rows)
}, 120_000)

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', ids)
})

/** The server's matches of each search among the test's homes: the one definition, with each search's values. */
async function serverMatches(searches: HomeSearch[]): Promise<Set<string>> {
  return withDatabase(async (db) => {
    const where = (await db.query<{ sql: string }>("select public.home_search_where('v.values') as sql"))
      .rows[0]?.sql
    const { rows } = await db.query<{ i: string; id: string }>(
      `with v as materialized (
         select s.i, public.home_search_values(s.search) as values
         from unnest($1::jsonb[]) with ordinality as s (search, i)
       )
       select v.i::text as i, h.id
       from v
       join public.listings as h on h.id = any($2::uuid[])
       where ${where}`,
      [searches.map((search) => JSON.stringify(search)), ids],
    )
    return new Set(rows.map((row) => `${Number(row.i) - 1}:${row.id}`))
  })
}

function deviceMatches(searches: HomeSearch[]): Set<string> {
  const out = new Set<string>()
  searches.forEach((search, i) => {
    const centre = search.radius ? centres.find((c) => c.id === search.place) : null
    for (const listing of listings) if (matchesSearch(listing, search, centre)) out.add(`${i}:${listing.id}`)
  })
  return out
}

/** The property facts' filters (issue 55), each of which the random searches must exercise. */
const FACT_FILTERS = ['propertyType', 'minArea', 'epc', 'pets', 'bills', 'availableBy'] as const

describe('the parity property: the server and the device find the same homes', () => {
  it('the homes know their places, from the server', () => {
    expect(listings.filter((listing) => (listing.placeIds ?? []).length > 0).length).toBe(listings.length)
  })

  it('on 3,000 random searches with places, radii, keywords, drawn areas and the property facts', async () => {
    // Every drawn area alone too, against every home: its corners, its edges and just off them.
    const searches: HomeSearch[] = [
      ...world.shapes.map((area) => ({ area })),
      ...Array.from({ length: 3000 }, () => randomSearch(random, world)),
    ]
    const server = await serverMatches(searches)
    const device = deviceMatches(searches)
    const onlyServer = [...server].filter((pair) => !device.has(pair))
    const onlyDevice = [...device].filter((pair) => !server.has(pair))
    const show = (pair: string) => {
      const [i, id] = pair.split(':')
      const listing = listings.find((l) => l.id === id)
      return {
        search: searches[Number(i)],
        at: listing?.geolocation,
        text: listing?.location,
        places: listing?.placeIds,
      }
    }
    expect(onlyServer.slice(0, 3).map(show)).toEqual([])
    expect(onlyDevice.slice(0, 3).map(show)).toEqual([])
    // The searches found something, and not everything: the property is not vacuous.
    expect(server.size).toBeGreaterThan(3000)
    expect(server.size).toBeLessThan(3000 * listings.length * 0.5)
    for (const field of ['place', 'radius', 'keywords', 'area', ...FACT_FILTERS] as const) {
      const found = [...server].filter((pair) => searches[Number(pair.split(':')[0])]?.[field] !== undefined)
      expect(found.length, field).toBeGreaterThan(50)
    }
    // Each fact filter with a place, and with keywords, found homes too.
    for (const field of FACT_FILTERS)
      for (const other of ['place', 'keywords'] as const) {
        const found = [...server].filter((pair) => {
          const search = searches[Number(pair.split(':')[0])]
          return search?.[field] !== undefined && search[other] !== undefined
        })
        expect(found.length, `${field} with ${other}`).toBeGreaterThan(0)
      }
  }, 120_000)
})
