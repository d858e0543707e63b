import { type HomeSearch, parseHomeSearch } from '../../src/types/home-search'

/**
 * Random listings and saved searches from a seeded stream, for the parity property test and the
 * matching bench: the same seed gives the same data on every run.
 */

/** mulberry32: a small, fast, seeded PRNG giving floats in [0, 1). */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Random = ReturnType<typeof prng>

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T
export const chance = (random: Random, p: number) => random() < p
export const between = (random: Random, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1))

/** Places with their positions, so a map area and a place name can meet. */
export const PLACES = [
  { name: 'Hackney', lat: 51.545, lng: -0.055 },
  { name: 'Islington', lat: 51.538, lng: -0.103 },
  { name: 'Camden', lat: 51.539, lng: -0.143 },
  { name: 'Brixton', lat: 51.462, lng: -0.115 },
  { name: 'Manchester', lat: 53.48, lng: -2.242 },
  { name: 'Edinburgh', lat: 55.953, lng: -3.188 },
  { name: 'Cardiff', lat: 51.481, lng: -3.179 },
  { name: 'Belfast', lat: 54.597, lng: -5.93 },
  { name: 'Truro', lat: 50.263, lng: -5.051 },
  { name: 'Brighton', lat: 50.822, lng: -0.137 },
] as const

/**
 * Words with what makes text matching tricky: case, accents, letters whose lowercase is another
 * script's letter, the dotted capital I (its lowercase is two characters), LIKE's wildcards `%` and
 * `_`, PostgREST's syntax characters, CJK, emoji and combining marks. (A capital sigma is left out: at
 * the end of a word JavaScript lowercases it to `ς`, the database to `σ`.)
 */
export const TRICKY_WORDS = [
  'Hackney',
  'HACKNEY',
  'hackney',
  'Café',
  'CAFÉ',
  'café',
  'Cafe\u0301',
  'Straße',
  'STRASSE',
  'naïve',
  'Łódź',
  'ŁÓDŹ',
  'İzmir',
  'izmir',
  'Ǆemal',
  'ǆemal',
  'Ωmega',
  'ωmega',
  'Москва',
  'МОСКВА',
  '東京',
  '🏠home',
  '100%',
  'x%y',
  'under_score',
  'a_b',
  'star*',
  '(flat)',
  'back\\slash',
  'comma,separated',
  'garden',
  'Garden',
  'GARDEN',
  'flat',
  'Flat',
  'studio',
  'Ünter',
  'ünter',
] as const

/** A random piece of a word: the whole, a part, in another case, with a wildcard stuck on. */
function queryWord(random: Random): string {
  let word: string = pick(random, [...TRICKY_WORDS, ...PLACES.map((place) => place.name)])
  const chars = [...word]
  if (chance(random, 0.4) && chars.length > 2) {
    const start = between(random, 0, chars.length - 2)
    word = chars.slice(start, between(random, start + 1, chars.length)).join('')
  }
  const casing = random()
  if (casing < 0.2) word = word.toUpperCase()
  else if (casing < 0.4) word = word.toLowerCase()
  if (chance(random, 0.1)) word = `${pick(random, ['%', '_', '*', '(', ','])}${word}`
  return word
}

const PRICES = [450, 800, 950, 1200, 1500, 1800, 2100, 3000, 250000, 400000, 750000] as const

export type GeneratedListing = {
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  description: string | null
  offer: boolean
  regular_price: number
  discounted_price: number | null
  latitude: number
  longitude: number
  status: string
}

/** The statuses of each type (the listings_status_valid CHECK). */
const STATUSES = {
  rent: ['available', 'let_agreed', 'let'],
  sale: ['available', 'under_offer', 'sold_stc', 'sold'],
} as const

/** A listing every CHECK accepts, with tricky text and a position near one of PLACES. */
export function randomListing(random: Random): GeneratedListing {
  const place = pick(random, PLACES)
  const offer = chance(random, 0.25)
  const regular = pick(random, PRICES) + between(random, 0, 20) * 10
  const words = (count: number) => Array.from({ length: count }, () => pick(random, TRICKY_WORDS)).join(' ')
  const name = [...`Home number ${words(2)}`].slice(0, 32).join('').trim()
  const type = chance(random, 0.5) ? 'rent' : 'sale'
  return {
    type,
    name,
    bedrooms: between(random, 1, 6),
    bathrooms: between(random, 1, 4),
    parking: chance(random, 0.4),
    furnished: chance(random, 0.5),
    location: `${between(random, 1, 200)} ${words(1)} Road, ${place.name}`,
    description: chance(random, 0.7) ? `A ${words(between(random, 2, 8))} home.` : null,
    offer,
    regular_price: regular,
    discounted_price: offer ? regular - between(random, 1, 40) * 5 : null,
    latitude: place.lat + (random() - 0.5) * 0.1,
    longitude: place.lng + (random() - 0.5) * 0.1,
    // Half available, the rest any status of the type.
    status: chance(random, 0.5) ? 'available' : pick(random, STATUSES[type]),
  }
}

/** A bbox around a place, as the map writes it (5 decimals). */
function randomBbox(random: Random): string {
  const place = pick(random, PLACES)
  const half = 0.005 + random() * 0.08
  const round = (value: number) => Number(value.toFixed(5))
  return [place.lng - half, place.lat - half, place.lng + half, place.lat + half].map(round).join(',')
}

/** What /search's URL may hold, some fields junk, as parseHomeSearch receives it. */
export function randomRawSearch(random: Random): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  if (chance(random, 0.7))
    raw.q = Array.from({ length: between(random, 1, 3) }, () => queryWord(random)).join(' ')
  if (chance(random, 0.5)) raw.type = pick(random, ['rent', 'sale', 'rent', 'sale', 'lease'])
  const price = () => pick(random, PRICES) + between(random, -5, 5) * 50
  if (chance(random, 0.35)) raw.minPrice = chance(random, 0.9) ? price() : 'cheap'
  if (chance(random, 0.35)) raw.maxPrice = chance(random, 0.9) ? price() : -1
  if (chance(random, 0.3)) raw.minBeds = between(random, 1, 6)
  if (chance(random, 0.2)) raw.minBaths = between(random, 1, 4)
  for (const flag of ['parking', 'furnished', 'offer'] as const)
    if (chance(random, 0.15)) raw[flag] = chance(random, 0.8) ? true : 'false'
  // Include under offer is on by default: only its off value is kept, written as the URL or the app writes it.
  if (chance(random, 0.25)) raw.underOffer = pick(random, [false, 'false', false, true, 'true', 'no'])
  if (chance(random, 0.2)) raw.sort = pick(random, ['price-asc', 'price-desc', 'newest', 'reduced'])
  if (chance(random, 0.2)) raw.bbox = randomBbox(random)
  if (chance(random, 0.1)) raw.view = 'map'
  return raw
}

/** A saved search's params: the search /search holds after parseHomeSearch, without view. */
export function toParams(search: HomeSearch): HomeSearch {
  const { view: _view, ...params } = search
  return params
}

export const randomParams = (random: Random): HomeSearch => {
  const params = toParams(parseHomeSearch(randomRawSearch(random)))
  // The database refuses a minimum above the maximum (the search would find nothing).
  if (params.minPrice !== undefined && params.maxPrice !== undefined && params.minPrice > params.maxPrice)
    delete params.maxPrice
  return params
}
