import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { HomeSearch, SearchRadius } from '../../../src/types/home-search'
import { SEARCH_RADII } from '../../../src/types/home-search'
import { type AreaPoint, crossesItself, encodeArea } from '../../../src/utils/area'
import { EPC_RATINGS, PROPERTY_TYPES } from '../../../src/utils/property-fact-values'
import { between, chance, pick, type Random } from '../saved-searches-generate'

/**
 * Random homes and searches for the tests that compare every search path with a plain query, and the
 * server's matcher with the device's: homes around a few real places (so places, radii and drawn areas
 * meet them), some on the edges of the shapes and circles the searches draw, with texts from a vocabulary
 * of words that differ by case, accents and prefixes.
 */

export type Centre = { id: number; lat: number; lng: number }

/** A few busy places (the most populous of each name) and their centres. */
export async function placeCentres(db: pg.Client): Promise<Centre[]> {
  const { rows } = await db.query<{ id: number; latitude: number; longitude: number }>(
    `select distinct on (name) id, latitude, longitude from public.places
     where name in ('London', 'Hackney', 'Manchester', 'Brighton', 'Cardiff', 'York', 'Islington', 'Salford')
     order by name, population desc`,
  )
  return rows.map((row) => ({ id: row.id, lat: row.latitude, lng: row.longitude }))
}

export const WORDS = [
  'garden',
  'Gardens',
  'GARDENER',
  'café',
  'CAFE',
  'cafeteria',
  'loft',
  'Lofts',
  'balcony',
  'naïve',
  'Łódź',
  'Straße',
  'pub',
  'pubs',
  'island',
  'market',
  'Saturday',
  'cooker',
  'sharers',
  '2bed',
  'b4',
  'river-view',
  'Ærø',
  'über',
  'Hackney',
  'york',
  'conservatory',
  'e17',
] as const

/** A point `miles` from the centre at `bearing` degrees (great circle, 3,958.8 miles). */
export function destination(centre: { lat: number; lng: number }, miles: number, bearing: number): AreaPoint {
  const r = Math.PI / 180
  const d = miles / 3958.8
  const lat1 = centre.lat * r
  const lng1 = centre.lng * r
  const b = bearing * r
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b))
  const lng2 =
    lng1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2))
  return { lat: lat2 / r, lng: lng2 / r }
}

/** A shape around a centre that does not cross itself (points by angle), up to `size` miles across. */
export function randomShape(random: Random, centre: { lat: number; lng: number }, size: number): string {
  for (;;) {
    const n = between(random, 3, 12)
    const angles = Array.from({ length: n }, () => random() * 360).sort((a, b) => a - b)
    const points = angles.map((angle) => destination(centre, size * (0.2 + random()), angle))
    const encoded = encodeArea(points)
    const rounded = points.map((p) => ({
      lat: Math.round(p.lat * 1e5) / 1e5,
      lng: Math.round(p.lng * 1e5) / 1e5,
    }))
    if (!crossesItself(rounded)) return encoded
  }
}

/** The points of an encoded shape, as the server decodes them. */
export function shapePoints(encoded: string): AreaPoint[] {
  const out: AreaPoint[] = []
  let index = 0
  let lat = 0
  let lng = 0
  const next = () => {
    let result = 0
    let shift = 0
    let byte = 0
    do {
      byte = encoded.charCodeAt(index++) - 63
      result |= (byte & 0x1f) << shift
      shift += 5
    } while (byte >= 0x20)
    return result & 1 ? ~(result >> 1) : result >> 1
  }
  while (index < encoded.length) {
    lat += next()
    lng += next()
    out.push({ lat: lat / 1e5, lng: lng / 1e5 })
  }
  return out
}

export type RandomWorld = { centres: Centre[]; shapes: string[] }

/** Shapes drawn across each other around the centres (some overlapping, some inside others). */
export function randomShapes(random: Random, centres: Centre[], count: number): string[] {
  return Array.from({ length: count }, () => {
    const centre = pick(random, centres)
    const offset = destination(centre, random() * 3, random() * 360)
    return randomShape(random, offset, pick(random, [0.3, 1, 2, 5]))
  })
}

/** Where the homes go: near the centres, on the shapes' corners and edges, around the radii's edges. */
export function homePositions(random: Random, world: RandomWorld, count: number): AreaPoint[] {
  const positions: AreaPoint[] = []
  while (positions.length < count) {
    const kind = random()
    if (kind < 0.35) {
      positions.push(destination(pick(random, world.centres), random() * 25, random() * 360))
    } else if (kind < 0.6) {
      const points = shapePoints(pick(random, world.shapes))
      const i = Math.floor(random() * points.length)
      const a = points[i] as AreaPoint
      const b = points[(i + 1) % points.length] as AreaPoint
      const t = pick(random, [0, 0.5, random()])
      // On the edge, or just off it (by less or more than geo_ops' 1e-6).
      const off = pick(random, [0, 0, 4e-7, -4e-7, 3e-6, -3e-6])
      positions.push({ lat: a.lat + (b.lat - a.lat) * t + off, lng: a.lng + (b.lng - a.lng) * t })
    } else {
      const miles = Number(pick(random, SEARCH_RADII))
      const edge = miles * (1 + pick(random, [-1e-7, 1e-7, -1e-4, 1e-4, -0.01]))
      positions.push(destination(pick(random, world.centres), edge, random() * 360))
    }
  }
  return positions
}

/** A listing row for the service role to insert, at a position, with random facts and text. */
export function randomListing(random: Random, position: AreaPoint, landlord: string, apiUrl: string) {
  const id = randomUUID()
  const offer = chance(random, 0.3)
  const regular = pick(random, [600, 800, 950, 1200, 1500, 2100, 3000, 250_000, 400_000])
  const text = () => Array.from({ length: between(random, 0, 4) }, () => pick(random, WORDS)).join(' ')
  const status = pick(random, ['available', 'available', 'available', 'under_offer'])
  const type = chance(random, 0.5) ? 'rent' : 'sale'
  return {
    id,
    type,
    name: `Test home ${between(random, 100, 999)} ${text()}`.slice(0, 32).trim(),
    bedrooms: between(random, 1, 5),
    bathrooms: between(random, 1, 3),
    parking: chance(random, 0.4),
    furnished: chance(random, 0.5),
    location: `${between(random, 1, 99)} ${text() || 'High'} Street`,
    description: chance(random, 0.8) ? `${text()} home`.trim() : null,
    offer,
    regular_price: offer ? regular + 100 : regular,
    discounted_price: offer ? regular : null,
    image_urls: [`${apiUrl}/storage/v1/object/public/listing-images/${landlord}/${id}/1.jpg`],
    latitude: position.lat,
    longitude: position.lng,
    user_ref: landlord,
    status: type === 'rent' && status === 'under_offer' ? 'let_agreed' : status,
    ...randomFacts(random, type),
  }
}

/** The dates the rent homes are available from, and the searches' `Available by`: around each other. */
const AVAILABLE_DATES = ['2027-01-15', '2027-03-01', '2027-03-02', '2027-06-30', '2028-02-29'] as const
/** Floor areas on and around the searches' minimums (one decimal place, as the column keeps them). */
const FLOOR_AREAS = [24.5, 39.9, 40, 60, 60.1, 75, 99.9, 120, 250] as const

/** The facts the search filters by, some missing (null), some exempt from an EPC; the rent ones for rent only. */
export function randomFacts(random: Random, type: 'rent' | 'sale') {
  const epc = chance(random, 0.15) ? null : chance(random, 0.1) ? 'exempt' : pick(random, EPC_RATINGS)
  const maybe = () => (chance(random, 0.2) ? null : chance(random, 0.5))
  const now = type === 'rent' ? maybe() : null
  return {
    property_type: chance(random, 0.15) ? null : pick(random, PROPERTY_TYPES),
    floor_area_m2: chance(random, 0.2) ? null : pick(random, FLOOR_AREAS),
    epc_rating: epc,
    epc_exempt_reason: epc === 'exempt' ? 'Listed building' : null,
    pets_considered: type === 'rent' ? maybe() : null,
    bills_included: type === 'rent' ? maybe() : null,
    available_now: now,
    available_from:
      type === 'rent' && now !== true && chance(random, 0.8) ? pick(random, AVAILABLE_DATES) : null,
  }
}

/** A random search: any mix of place, radius, keywords, drawn area, bbox and filters, the property facts' too. */
export function randomSearch(random: Random, world: RandomWorld): HomeSearch {
  const search: HomeSearch = {}
  const centre = pick(random, world.centres)
  if (chance(random, 0.4)) {
    search.place = centre.id
    if (chance(random, 0.6)) search.radius = pick(random, SEARCH_RADII) as SearchRadius
  }
  if (chance(random, 0.35))
    search.keywords = Array.from({ length: between(random, 1, 3) }, () => {
      const word = pick(random, WORDS)
      return chance(random, 0.4) ? word.slice(0, between(random, 1, word.length)) : word
    }).join(' ')
  if (chance(random, 0.3)) search.area = pick(random, world.shapes)
  if (chance(random, 0.1)) {
    const at = destination(centre, random() * 5, random() * 360)
    const span = random() * 0.3 + 0.01
    search.bbox = [at.lng - span, at.lat - span, at.lng + span, at.lat + span]
      .map((v) => Number(v.toFixed(5)))
      .join(',')
  }
  if (chance(random, 0.3)) search.type = chance(random, 0.5) ? 'rent' : 'sale'
  if (chance(random, 0.2)) search.minPrice = pick(random, [500, 900, 1500, 300_000])
  if (chance(random, 0.2)) search.maxPrice = pick(random, [1000, 2000, 3000, 400_000])
  if (chance(random, 0.15)) search.minBeds = between(random, 1, 4)
  if (chance(random, 0.15)) search.minBaths = between(random, 1, 3)
  if (chance(random, 0.15)) search.parking = true
  if (chance(random, 0.15)) search.furnished = true
  if (chance(random, 0.15)) search.offer = true
  if (chance(random, 0.15)) search.underOffer = false
  if (chance(random, 0.15)) {
    const types = PROPERTY_TYPES.filter(() => chance(random, 0.3))
    if (types.length > 0) search.propertyType = types.join(',')
  }
  if (chance(random, 0.15)) search.minArea = pick(random, [1, 40, 60, 100, 200])
  if (chance(random, 0.15)) search.epc = pick(random, EPC_RATINGS)
  // The rent filters, with type rent (the only type they apply to).
  if (chance(random, 0.2)) {
    search.type = 'rent'
    if (chance(random, 0.5)) search.pets = true
    if (chance(random, 0.4)) search.bills = true
    if (chance(random, 0.5)) search.availableBy = pick(random, ['2020-01-01', ...AVAILABLE_DATES])
  }
  return search
}
