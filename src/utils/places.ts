import { foldText } from './keywords'

/**
 * The places people search by (public.places; src/data/places.json is the same list, written by
 * `npm run gen:places`). The list is about 100 kB gzipped, so it is loaded when first needed, never with the
 * first screen.
 */
export type Place = {
  id: number
  name: string
  /** What suggestions show: `Hackney, London`, `Newport, Wales`. */
  label: string
  lat: number
  lng: number
  population: number
  /** The place that contains this one (London for Hackney), or null. */
  parentId: number | null
}

type PlaceRow = [number, string, string, number, number, number, number]

export type Places = {
  /** Most populous first. */
  list: Place[]
  byId: Map<number, Place>
}

let loading: Promise<Places> | undefined

export function loadPlaces(): Promise<Places> {
  loading ??= import('../data/places.json').then(({ default: rows }) => placesOf(rows as PlaceRow[]))
  return loading
}

export function placesOf(rows: PlaceRow[]): Places {
  const list = rows.map(([id, name, label, lat, lng, population, parentId]) => ({
    id,
    name,
    label,
    lat,
    lng,
    population,
    parentId: parentId === 0 ? null : parentId,
  }))
  return { list, byId: new Map(list.map((place) => [place.id, place])) }
}

/** A name as suggestions compare it: folded as keywords are, punctuation as spaces. */
export const placeKey = (text: string): string =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** Suggestions start at the second letter. */
export const MIN_SUGGEST_LENGTH = 2

/**
 * The places whose label starts with the text, most populous first, then those with a later word that starts
 * with it (`york` suggests York first, then places such as `New York, …`).
 */
export function suggestPlaces(places: Places, text: string, limit = 8): Place[] {
  const key = placeKey(text)
  if (key.length < MIN_SUGGEST_LENGTH) return []
  const starts: Place[] = []
  const words: Place[] = []
  for (const place of places.list) {
    const label = placeKey(place.label)
    if (label.startsWith(key)) starts.push(place)
    else if (label.includes(` ${key}`)) words.push(place)
    if (starts.length >= limit) break
  }
  return [...starts, ...words].slice(0, limit)
}

/** The one place whose name is exactly the text (any case, accents, punctuation), or null when none or several. */
export function placeNamed(places: Places, text: string): Place | null {
  const key = placeKey(text)
  if (!key) return null
  const named = places.list.filter((place) => placeKey(place.name) === key || placeKey(place.label) === key)
  return named.length === 1 ? (named[0] ?? null) : null
}
