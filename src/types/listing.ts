import {
  COUNCIL_TAX_BANDS,
  type CouncilTaxBand,
  EPC_RATINGS,
  type EpcRating,
  PROPERTY_TYPES,
  type PropertyType,
  TENURES,
  type Tenure,
} from '../utils/property-fact-values'
import type { Tables } from './database'
import { isListingStatus, type ListingStatus } from './listing-status'
import { isListingType, type ListingType } from './listing-type'

export { isListingType, LISTING_TYPES, type ListingType } from './listing-type'

/**
 * What the generated row of public.listings holds beyond what a read selects: the generated columns only filters
 * and sorts use, and the computed relationship postgres-meta lists for the function saved_searches_matching(listings).
 */
type UnreadColumn = 'effective_price' | 'keywords' | 'saved_searches_matching'

/** The property facts' columns (issue 55) held to their values (the database's CHECK constraints say the same). */
type FactColumnTypes = {
  property_type: PropertyType | null
  epc_rating: EpcRating | null
  council_tax_band: CouncilTaxBand | null
  tenure: Tenure | null
}

/**
 * A row of public.listings as every read selects it (snake_case), from the generated src/types/database.ts;
 * `type`, `status` and the property facts' value lists are narrowed to the values their check constraints allow.
 */
export type ListingRow = {
  [C in Exclude<keyof Tables<'listings'>, UnreadColumn>]: C extends 'type'
    ? ListingType
    : C extends 'status'
      ? ListingStatus
      : C extends keyof FactColumnTypes
        ? FactColumnTypes[C]
        : Tables<'listings'>[C]
}

/** snake_case to camelCase, as a column name becomes a Listing's field. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S
type CamelCased<T> = { [K in keyof T as CamelCase<K & string>]: T[K] }

/** The kinds of value a column holds, and the TypeScript type of each. */
type ColumnTypes = {
  string: string
  'string|null': string | null
  number: number
  'number|null': number | null
  boolean: boolean
  'boolean|null': boolean | null
  'string[]': string[]
  'number[]': number[]
  'rent|sale': ListingType
  status: ListingStatus
  'propertyType|null': PropertyType | null
  'epcRating|null': EpcRating | null
  'councilTaxBand|null': CouncilTaxBand | null
  'tenure|null': Tenure | null
}
type ColumnKind = keyof ColumnTypes
/** The kind whose type is exactly T. */
type KindOf<T> = {
  [K in ColumnKind]: [T] extends [ColumnTypes[K]] ? ([ColumnTypes[K]] extends [T] ? K : never) : never
}[ColumnKind]

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isString = (value: unknown): value is string => typeof value === 'string'
/** Null, or one of `values`. */
const nullOrOneOf =
  (values: readonly string[]) =>
  (value: unknown): boolean =>
    value === null || (isString(value) && values.includes(value))

const CHECK_KIND: { [K in ColumnKind]: (value: unknown) => boolean } = {
  string: isString,
  'string|null': (value) => value === null || isString(value),
  number: isNumber,
  'number|null': (value) => value === null || isNumber(value),
  boolean: (value) => typeof value === 'boolean',
  'boolean|null': (value) => value === null || typeof value === 'boolean',
  'string[]': (value) => Array.isArray(value) && value.every(isString),
  'number[]': (value) => Array.isArray(value) && value.every(isNumber),
  'rent|sale': isListingType,
  status: isListingStatus,
  'propertyType|null': nullOrOneOf(PROPERTY_TYPES),
  'epcRating|null': (value) => value === 'exempt' || nullOrOneOf(EPC_RATINGS)(value),
  'councilTaxBand|null': nullOrOneOf(COUNCIL_TAX_BANDS),
  'tenure|null': nullOrOneOf(TENURES),
}

/**
 * What each column of a listings row holds, checked at run time. `satisfies` ties it to ListingRow: a column
 * added to the database types and not here, or given another type there, is a type error; LISTING_COLUMNS
 * (what every read selects) follows this object's keys.
 */
const LISTING_ROW_COLUMNS = {
  id: 'string',
  type: 'rent|sale',
  name: 'string',
  bedrooms: 'number',
  bathrooms: 'number',
  parking: 'boolean',
  furnished: 'boolean',
  location: 'string',
  description: 'string|null',
  offer: 'boolean',
  regular_price: 'number',
  discounted_price: 'number|null',
  image_urls: 'string[]',
  latitude: 'number',
  longitude: 'number',
  created_at: 'string',
  updated_at: 'string',
  user_ref: 'string',
  status: 'status',
  status_changed_at: 'string',
  off_market_at: 'string|null',
  price_reduced_at: 'string|null',
  price_reduced_by: 'number|null',
  version: 'number',
  place_ids: 'number[]',
  property_type: 'propertyType|null',
  floor_area_m2: 'number|null',
  epc_rating: 'epcRating|null',
  epc_exempt_reason: 'string|null',
  council_tax_band: 'councilTaxBand|null',
  rates_per_year: 'number|null',
  tenure: 'tenure|null',
  lease_years_left: 'number|null',
  ground_rent_per_year: 'number|null',
  service_charge_per_year: 'number|null',
  deposit: 'number|null',
  available_now: 'boolean|null',
  available_from: 'string|null',
  min_tenancy_months: 'number|null',
  bills_included: 'boolean|null',
  pets_considered: 'boolean|null',
} as const satisfies { [C in keyof ListingRow]-?: KindOf<ListingRow[C]> }

const COLUMN_NAMES = Object.keys(LISTING_ROW_COLUMNS) as (keyof ListingRow)[]

/** The columns of a row that are missing or hold the wrong kind of value (none: it has every one of `columns`). */
function badColumns(row: unknown, columns: readonly (keyof ListingRow)[] = COLUMN_NAMES): string[] {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return ['(not an object)']
  const record = row as Record<string, unknown>
  return columns.filter((column) => !CHECK_KIND[LISTING_ROW_COLUMNS[column]](record[column]))
}

/** The Recommended slider shows the 5 newest listings (spec §2, §9). */
export const RECOMMENDED_COUNT = 5

/** The columns every listing read selects: those of LISTING_ROW_COLUMNS, in its order. */
export const LISTING_COLUMNS = COLUMN_NAMES.join(',')

/** A listing's fields as the columns name them, in camelCase. */
type ListingFields = CamelCased<ListingRow>

/**
 * Fields the server added after devices began keeping copies: absent from such a copy, which reads as having no
 * description, available, never reduced, on the market, and no property fact given (null and absent alike read
 * `Not provided`). `status` and the times after it are all the server's; `version` is its count of updates (an
 * edit says which version it started from).
 */
type LaterField =
  | 'description'
  | 'status'
  | 'statusChangedAt'
  | 'offMarketAt'
  | 'priceReducedAt'
  | 'priceReducedBy'
  | 'version'
  | 'placeIds'
  | PropertyFactField

/** The property facts (issue 55), as a Listing names them (src/utils/property-facts.ts's PropertyFacts). */
export type PropertyFactField =
  | 'propertyType'
  | 'floorAreaM2'
  | 'epcRating'
  | 'epcExemptReason'
  | 'councilTaxBand'
  | 'ratesPerYear'
  | 'tenure'
  | 'leaseYearsLeft'
  | 'groundRentPerYear'
  | 'serviceChargePerYear'
  | 'deposit'
  | 'availableNow'
  | 'availableFrom'
  | 'minTenancyMonths'
  | 'billsIncluded'
  | 'petsConsidered'

/**
 * A listing in the app's words (spec §3): the row's columns in camelCase, the position as one value. The shapes
 * around it derive from it: the device's copy (StoredListing), a card (ListingCardData), a place in a list
 * (ListingPosition), a map marker (MapHome) and the form (ListingFormText). `discountedPrice` is only kept
 * when `offer` is true; the first of `imageUrls` is the cover.
 */
export type Listing = Omit<ListingFields, 'latitude' | 'longitude' | LaterField> &
  Partial<Pick<ListingFields, LaterField>> & {
    geolocation: { lat: ListingRow['latitude']; lng: ListingRow['longitude'] }
  }

/** The property facts' columns: the last of a row's, from property_type on. */
const FACT_COLUMNS = COLUMN_NAMES.slice(COLUMN_NAMES.indexOf('property_type'))

/**
 * A row's property facts as a Listing names them (`floor_area_m2` → `floorAreaM2`), by their names rather than
 * one by one: every screen's first render carries this code.
 */
const factsOf = (row: ListingRow) =>
  Object.fromEntries(
    FACT_COLUMNS.map((column) => [
      column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()),
      row[column],
    ]),
  ) as Pick<Listing, PropertyFactField>

export function toListing(row: ListingRow): Listing {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parking: row.parking,
    furnished: row.furnished,
    location: row.location,
    description: row.description,
    offer: row.offer,
    regularPrice: row.regular_price,
    discountedPrice: row.offer ? row.discounted_price : null,
    imageUrls: row.image_urls,
    geolocation: { lat: row.latitude, lng: row.longitude },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userRef: row.user_ref,
    status: row.status,
    statusChangedAt: row.status_changed_at,
    offMarketAt: row.off_market_at,
    priceReducedAt: row.price_reduced_at,
    priceReducedBy: row.price_reduced_by,
    version: row.version,
    placeIds: row.place_ids,
    ...factsOf(row),
  }
}

/** Parses rows from the API; a row that breaks the contract is an error, not a silent hole. */
export function parseListingRows(rows: unknown): Listing[] {
  if (!Array.isArray(rows)) throw new Error('Listings from the API are not a list')
  return rows.map((row: unknown, index) => {
    const bad = badColumns(row)
    if (bad.length > 0)
      throw new Error(`Listing row ${index} from the API has bad columns: ${bad.join(', ')}`)
    return toListing(row as ListingRow)
  })
}

/**
 * The columns the search map draws a home from (a marker and its card): a few hundred bytes of a row, without
 * the description that makes up most of a whole one, and with only the cover picture's address
 * (market_listings' cover_url, the first of image_urls), so a map of 500 homes is a fraction of their rows.
 */
const MAP_HOME_COLUMN_NAMES = [
  'id',
  'type',
  'name',
  'location',
  'offer',
  'regular_price',
  'discounted_price',
  'latitude',
  'longitude',
] as const satisfies readonly (keyof ListingRow)[]

export type MapHomeRow = Pick<ListingRow, (typeof MAP_HOME_COLUMN_NAMES)[number]> & {
  cover_url: Tables<'market_listings'>['cover_url']
}

/** What the search map selects of each home. */
export const MAP_HOME_COLUMNS = [...MAP_HOME_COLUMN_NAMES, 'cover_url'].join(',')

/** Parses the map's rows from the API (MAP_HOME_COLUMNS), as strictly as parseListingRows. */
export function parseMapHomeRows(rows: unknown): MapHomeRow[] {
  if (!Array.isArray(rows)) throw new Error('Map homes from the API are not a list')
  return rows.map((row: unknown, index) => {
    const bad = badColumns(row, MAP_HOME_COLUMN_NAMES)
    if (!CHECK_KIND['string|null']((row as Record<string, unknown> | null)?.cover_url)) bad.push('cover_url')
    if (bad.length > 0)
      throw new Error(`Map home row ${index} from the API has bad columns: ${bad.join(', ')}`)
    return row as MapHomeRow
  })
}

/** Where a listing sits in newest-first order (created_at desc, id desc): a list view's entry, a page's cursor. */
export type ListingPosition = Pick<Listing, 'id' | 'createdAt'>

export const positionOf = (listing: ListingPosition): ListingPosition => ({
  id: listing.id,
  createdAt: listing.createdAt,
})

/** The listing's fields the form edits as a choice (a toggle or the type); every other field is typed text. */
type ListingFormChoice = 'type' | 'parking' | 'furnished' | 'offer'
/** The listing's fields the form edits as text. */
type ListingFormTextField =
  | 'name'
  | 'bedrooms'
  | 'bathrooms'
  | 'description'
  | 'regularPrice'
  | 'discountedPrice'

/**
 * What the listing form holds, as typed (text stays text until the schema reads it): a Listing's choices as
 * they are, its other fields as text, and its place as the typed address and coordinates. A draft kept on the
 * device stores exactly this; the form adds the chosen images.
 */
export type ListingFormText = Pick<Listing, ListingFormChoice> & {
  [F in ListingFormTextField | 'address' | keyof Pick<ListingRow, 'latitude' | 'longitude'>]: string
} & PropertyFactsText

/** A yes, a no, or not said (''). */
export type YesNoUnsaid = '' | 'yes' | 'no'
export type FloorAreaUnit = 'm2' | 'sqft'

/**
 * The property facts as the form holds them (issue 55): each choice as its value ('' when not chosen), each
 * number as typed. The floor area keeps the text typed and the unit it was typed in, and the unit shown.
 */
export type PropertyFactsText = {
  propertyType: PropertyType | ''
  floorArea: string
  floorAreaTypedUnit: FloorAreaUnit
  floorAreaUnit: FloorAreaUnit
  epcRating: EpcRating | ''
  epcExemptReason: string
  councilTaxBand: CouncilTaxBand | ''
  ratesPerYear: string
  tenure: Tenure | ''
  leaseYearsLeft: string
  groundRentPerYear: string
  serviceChargePerYear: string
  deposit: string
  availability: '' | 'now' | 'date'
  availableFrom: string
  minTenancyMonths: string
  billsIncluded: YesNoUnsaid
  petsConsidered: YesNoUnsaid
}

/** The fields that describe a home, named alike in the row and in the app's shape (forms and edits pick them). */
export type ListingDescriptionKey =
  | 'type'
  | 'name'
  | 'bedrooms'
  | 'bathrooms'
  | 'parking'
  | 'furnished'
  | 'location'
  | 'description'
  | 'offer'
