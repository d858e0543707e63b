import { type HomeSearch, parseHomeSearch, radiusLabel } from '../../types/home-search'
import { formatPounds } from '../../utils/format-price'
import { formatSquareMetres, propertyTypeLabel } from '../../utils/inline-script-helpers'
import { propertyTypesOf } from '../../utils/search-facts'

/** The longest name a saved search may have (the database says the same). */
export const MAX_NAME_LENGTH = 80

/** A saved search's parameters: the search exactly as /search reads it, without the list or map view. */
export type SavedParams = Omit<HomeSearch, 'view'>

/** What a saved search keeps of a search: parseHomeSearch's fields (defaults left out), never the view. */
export function toSavedParams(search: Record<string, unknown>): SavedParams {
  const { view: _view, ...params } = parseHomeSearch(search)
  return params
}

/** Whether two saved searches' parameters are the same search, whatever the order of their keys. */
export function sameSavedParams(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const key = (params: Record<string, unknown>) =>
    JSON.stringify(Object.entries(toSavedParams(params)).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
  return key(a) === key(b)
}

const TYPE_NAMES = { rent: 'Rent', sale: 'Sale' } as const

/** "up to £2,000", "from £500", "£500–£2,000", or nothing when the price is open. */
function priceText({ minPrice, maxPrice }: SavedParams): string | null {
  if (minPrice !== undefined && maxPrice !== undefined)
    return `${formatPounds(minPrice)}–${formatPounds(maxPrice)}`
  if (maxPrice !== undefined) return `up to ${formatPounds(maxPrice)}`
  if (minPrice !== undefined) return `from ${formatPounds(minPrice)}`
  return null
}

/** `Flat`, `Flat or Studio`, `Flat, Maisonette or Studio`. */
function propertyTypesText(params: SavedParams): string | null {
  const labels = propertyTypesOf(params).map(propertyTypeLabel)
  if (labels.length === 0) return null
  return labels.length === 1 ? (labels[0] ?? null) : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`
}

/** `1 Mar 2027`, from `2027-03-01`. */
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

/**
 * The place as a name says it: `Hackney, London within 1 mile` (the label, once the places are loaded; `a place`
 * before), `Homes in …` when it comes first.
 */
function placeText({ place, radius, type }: SavedParams, placeLabel: string | undefined): string | null {
  if (place === undefined) return null
  const within = `${placeLabel ?? 'A chosen place'}${radius ? ` within ${radiusLabel(radius)}` : ''}`
  return type ? within : `Homes in ${within}`
}

/**
 * The filters in the order people name a search: type, place or keywords, property types, rooms, price, then the
 * rest (floor area, EPC, the rent filters, the features).
 */
function parts(params: SavedParams, placeLabel?: string): string[] {
  const out: (string | null)[] = [
    params.type ? TYPE_NAMES[params.type] : null,
    placeText(params, placeLabel),
    params.q ?? null,
    params.keywords ?? null,
    propertyTypesText(params),
    params.minBeds !== undefined ? `${params.minBeds}+ ${params.minBeds === 1 ? 'bed' : 'beds'}` : null,
    params.minBaths !== undefined ? `${params.minBaths}+ ${params.minBaths === 1 ? 'bath' : 'baths'}` : null,
    priceText(params),
    params.minArea !== undefined ? `${formatSquareMetres(params.minArea)}+ m²` : null,
    params.epc ? (params.epc === 'A' ? 'EPC A' : `EPC ${params.epc} or better`) : null,
    params.pets ? 'Pets considered' : null,
    params.bills ? 'Bills included' : null,
    params.availableBy ? `Available by ${shortDate(params.availableBy)}` : null,
    params.parking ? 'Parking' : null,
    params.furnished ? 'Furnished' : null,
    params.offer ? 'Offers' : null,
    params.underOffer === false ? 'Available only' : null,
    params.area ? 'Drawn area' : null,
    params.bbox ? 'Map area' : null,
  ]
  return out.filter((part): part is string => part !== null)
}

/** A name cut to MAX_NAME_LENGTH at a word, with an ellipsis when cut. */
export function clipName(name: string): string {
  const text = name.replace(/\s+/g, ' ').trim()
  if (text.length <= MAX_NAME_LENGTH) return text
  const cut = text.slice(0, MAX_NAME_LENGTH - 1)
  const atWord = cut.lastIndexOf(' ')
  return `${(atWord > MAX_NAME_LENGTH / 2 ? cut.slice(0, atWord) : cut).replace(/[\s·]+$/, '')}…`
}

/**
 * A saved search's first name, from its filters: e.g. "Rent · Hackney, London · 2+ beds · up to £2,000",
 * "Homes in Hackney, London within 1 mile". `placeLabel` is the label of its place, if it has one.
 */
export function savedSearchName(params: SavedParams, placeLabel?: string): string {
  const named = parts(params, placeLabel)
  return clipName(named.length === 0 ? 'All homes' : named.join(' · '))
}

const SORT_NAMES = {
  'price-asc': 'lowest price first',
  'price-desc': 'highest price first',
  reduced: 'recently reduced first',
} as const

/** One line saying everything the search asks for, whatever its name: e.g. "Rent · Hackney · 2+ beds · newest first". */
export function savedSearchSummary(params: SavedParams, placeLabel?: string): string {
  const named = parts(params, placeLabel)
  const sort = params.sort ? SORT_NAMES[params.sort] : 'newest first'
  return [named.length === 0 ? 'All homes' : null, ...named, sort].filter(Boolean).join(' · ')
}
