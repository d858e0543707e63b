import { encodeArea, readArea } from '../utils/area'
import { EPC_RATINGS, type EpcLetter, PROPERTY_TYPES, type PropertyType } from '../utils/property-fact-values'
import { LISTING_TYPES } from './listing'

export const SEARCH_SORTS = ['newest', 'price-asc', 'price-desc', 'reduced'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

/** Keywords longer than this are refused (dropped from a link, refused by the database). */
export const MAX_KEYWORDS_LENGTH = 100

/** The radii `Within` offers, in miles, as the URL writes them. */
export const SEARCH_RADII = ['0.25', '0.5', '1', '3', '5', '10', '15', '20', '30', '40'] as const
export type SearchRadius = (typeof SEARCH_RADII)[number]

/**
 * The search as the router writes it into the URL: the radius as a number (`radius=0.5`), which the router would
 * otherwise quote as a string that reads as a number (`radius=%220.5%22`). The URL reads back either way.
 */
export const inUrl = <T extends { radius?: SearchRadius | undefined }>(search: T): T =>
  search.radius === undefined
    ? search
    : { ...search, radius: Number(search.radius) as unknown as SearchRadius }

/** A radius as `Within` says it: `¼ mile`, `1 mile`, `40 miles`. */
export const radiusLabel = (radius: SearchRadius): string =>
  `${radius === '0.25' ? '¼' : radius === '0.5' ? '½' : radius} ${Number(radius) > 1 ? 'miles' : 'mile'}`

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number]

/**
 * A search as its URL holds it (/search?q=&type=&…). Every field is optional: a field left out is its
 * default (any type, any price, newest first, the list view), and defaults are never written.
 */
export type HomeSearch = {
  /**
   * Text typed and searched without picking a place (old links and saved searches too): read once as the place
   * it names when exactly one place has that name, else as keywords, and then written as those.
   */
  q?: string
  /** A place's id (public.places): homes in it, or within `radius` miles of its centre. */
  place?: number
  /** Miles from the place's centre; left out, the place's own homes ("This area only"). Only with a place. */
  radius?: SearchRadius
  /** Words each home must have (or start) in its location, name or description. */
  keywords?: string
  /** A drawn area: an encoded polyline of 3 to 50 points that does not cross itself (utils/area.ts). */
  area?: string
  type?: 'rent' | 'sale'
  minPrice?: number
  maxPrice?: number
  minBeds?: number
  minBaths?: number
  parking?: true
  furnished?: true
  offer?: true
  /**
   * Homes under offer, sold STC or let agreed are included by default; `false` (`?underOffer=false`) keeps
   * to available homes only.
   */
  underOffer?: false
  /** Property types, several at once: `flat,maisonette` (PROPERTY_TYPES' order, each once). */
  propertyType?: string
  /** The smallest floor area, in whole m² (1 to 10,000). */
  minArea?: number
  /** `EPC at least`: a letter A–G; homes rated it or better (an exempt home is not rated, so does not match). */
  epc?: EpcLetter
  /** Rent only (kept only with type rent): pets considered. */
  pets?: true
  /** Rent only: bills included. */
  bills?: true
  /** Rent only: `Available by` a date (YYYY-MM-DD): homes available now or from that date or before. */
  availableBy?: string
  sort?: 'price-asc' | 'price-desc' | 'reduced'
  view?: 'map'
  /** "west,south,east,north", normalised. */
  bbox?: string
}

/** The longest place or keyword text kept; longer text is cut, not refused. */
export const MAX_QUERY_LENGTH = 100
/** The highest price a listing may have (spec §5), so a larger bound means nothing. */
const MAX_PRICE = 750_000_000
const MAX_ROOMS = 50
/** The largest floor area a listing may have, in m² (the database's CHECK says the same). */
export const MAX_FLOOR_AREA = 10_000

/** The filters that apply to homes to rent only: kept only with `type` rent. */
export const RENT_ONLY_FILTERS = ['pets', 'bills', 'availableBy'] as const

/** A search as the URL may spell it: HomeSearch, plus the defaults written out. */
type SearchFields = Omit<HomeSearch, 'sort' | 'view'> & { sort?: SearchSort; view?: 'list' | 'map' }

/** Reads one URL field: its value, or undefined when it does not parse (then the field is dropped). */
type FieldReader<T> = (value: unknown) => T | undefined

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

// The router reads `?minPrice=500` as the number 500 and `?q=123` as 123: numbers may arrive as either.
const wholeNumber =
  (min: number, max: number): FieldReader<number> =>
  (value) => {
    const number = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
    return finite(number) && Number.isInteger(number) && number >= min && number <= max ? number : undefined
  }

const flag: FieldReader<true> = (value) => (value === true || value === 'true' ? true : undefined)

/** A default-on flag: only its "off" is kept (true is the default, never written). */
const offFlag: FieldReader<false> = (value) => (value === false || value === 'false' ? false : undefined)

const oneOf =
  <T extends string>(values: readonly T[]): FieldReader<T> =>
  (value) =>
    values.includes(value as T) ? (value as T) : undefined

const queryText: FieldReader<string> = (value) =>
  typeof value === 'string' || finite(value)
    ? String(value).replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH)
    : undefined

// A keywords text over the limit is dropped whole (the screen says so), never cut into other words.
const keywordsText: FieldReader<string> = (value) => {
  const text =
    typeof value === 'string' || finite(value) ? String(value).replace(/\s+/g, ' ').trim() : undefined
  return text && text.length <= MAX_KEYWORDS_LENGTH ? text : undefined
}

const areaText: FieldReader<string> = (value) => {
  const area = typeof value === 'string' ? readArea(value) : null
  return area && 'points' in area ? encodeArea(area.points) : undefined
}

// The router reads `?radius=0.5` as the number 0.5.
const radiusText: FieldReader<SearchRadius> = (value) =>
  typeof value === 'string' || finite(value) ? oneOf(SEARCH_RADII)(String(value)) : undefined

/** Property types as the URL writes them: known types, each once, in PROPERTY_TYPES' order; any other is junk. */
const propertyTypes: FieldReader<string> = (value) => {
  const given = typeof value === 'string' ? value.split(',') : ['']
  return given.every((part) => PROPERTY_TYPES.includes(part as PropertyType))
    ? PROPERTY_TYPES.filter((type) => given.includes(type)).join(',')
    : undefined
}

/** A calendar date as YYYY-MM-DD, one that exists (not 2027-02-30), in the years 2000 to 2099. */
const dateText: FieldReader<string> = (value) =>
  typeof value === 'string' &&
  /^20\d\d-[01]\d-[0-3]\d$/.test(value) &&
  new Date(Date.parse(value) || 0).toISOString().startsWith(value)
    ? value
    : undefined

const bboxText: FieldReader<string> = (value) => {
  const bbox = typeof value === 'string' ? parseBbox(value) : null
  return bbox ? bbox.join(',') : undefined
}

/** One reader per URL field, in the URL's order; a value that does not parse is dropped, never an error. */
const FIELDS: { [K in keyof SearchFields]-?: FieldReader<NonNullable<SearchFields[K]>> } = {
  q: queryText,
  place: wholeNumber(1, 2_147_483_647),
  radius: radiusText,
  keywords: keywordsText,
  area: areaText,
  type: oneOf(LISTING_TYPES),
  minPrice: wholeNumber(0, MAX_PRICE),
  maxPrice: wholeNumber(0, MAX_PRICE),
  minBeds: wholeNumber(1, MAX_ROOMS),
  minBaths: wholeNumber(1, MAX_ROOMS),
  parking: flag,
  furnished: flag,
  offer: flag,
  underOffer: offFlag,
  propertyType: propertyTypes,
  minArea: wholeNumber(1, MAX_FLOOR_AREA),
  epc: oneOf(EPC_RATINGS),
  pets: flag,
  bills: flag,
  availableBy: dateText,
  sort: oneOf(SEARCH_SORTS),
  view: oneOf(['list', 'map'] as const),
  bbox: bboxText,
}

const URL_KEYS = Object.keys(FIELDS) as (keyof HomeSearch)[]

/** A search from whatever the URL holds: unknown or malformed values dropped, defaults left out. */
export function parseHomeSearch(raw: Record<string, unknown>): HomeSearch {
  const fields = Object.fromEntries(URL_KEYS.map((key) => [key, FIELDS[key](raw[key])]))
  return withoutDefaults(fields as SearchFields)
}

/**
 * The route's validateSearch: like parseHomeSearch, but naming every field (undefined when dropped),
 * because the router lays a route's search over the raw URL's and a missing key would let nonsense through.
 */
export function validateHomeSearch(raw: Record<string, unknown>): HomeSearch {
  const search = parseHomeSearch(raw)
  return Object.fromEntries(URL_KEYS.map((key) => [key, search[key]])) as HomeSearch
}

/** The defaults a URL leaves out. */
const DEFAULTS: Partial<Record<keyof SearchFields, unknown>> = { minPrice: 0, sort: 'newest', view: 'list' }

/**
 * The search as it goes into a URL, in the URL's order: empty text, defaults and unset flags left out, a radius
 * only with a place, the rent filters only with type rent.
 */
function withoutDefaults(search: SearchFields): HomeSearch {
  return Object.fromEntries(
    URL_KEYS.filter(
      (key) =>
        !['', undefined, DEFAULTS[key]].includes(search[key]) &&
        (key !== 'radius' || search.place !== undefined) &&
        (search.type === 'rent' || !(RENT_ONLY_FILTERS as readonly string[]).includes(key)),
    ).map((key) => [key, search[key]]),
  )
}

/** "west,south,east,north" as numbers, or null unless it is four finite coordinates in range with west < east and south < north. */
export function parseBbox(text: string): Bbox | null {
  const parts = text.split(',')
  if (parts.length !== 4 || parts.some((part) => !/^\s*-?\d+(\.\d+)?\s*$/.test(part))) return null
  const [west, south, east, north] = parts.map(Number) as Bbox
  const inRange =
    [west, east].every((lng) => Math.abs(lng) <= 180) && [south, north].every((lat) => Math.abs(lat) <= 90)
  return inRange && west < east && south < north ? [west, south, east, north] : null
}

/** The bbox as the URL writes it. */
export const formatBbox = (bbox: Bbox): string => bbox.map((value) => Number(value.toFixed(5))).join(',')

/**
 * How many filters narrow the search (the place, sort and view are not counted): the Filters button shows it.
 * Keywords and the radius are set in the filters' sheet, so they count.
 */
export function countFilters(search: HomeSearch): number {
  const set = [
    search.keywords,
    search.radius,
    search.type,
    search.minPrice,
    search.maxPrice,
    search.minBeds,
    search.minBaths,
    search.parking,
    search.furnished,
    search.offer,
    search.underOffer,
    search.propertyType,
    search.minArea,
    search.epc,
    search.pets,
    search.bills,
    search.availableBy,
  ]
  return set.filter((value) => value !== undefined).length
}

/** The search with its filters and text cleared, keeping how it is sorted and viewed. */
export function clearFilters(search: HomeSearch): HomeSearch {
  return withoutDefaults({ sort: search.sort, view: search.view, bbox: search.bbox })
}

/** The sort a search uses. */
export const sortOf = (search: HomeSearch): SearchSort => search.sort ?? 'newest'
