import { gbGazetteer, type Place } from './gazetteer'
import { normalizePlaceName } from './place-name'

/**
 * A place people search by: a populated place of the GB gazetteer, with the place around it that contains it
 * (Hackney's is London) and the label suggestions show (`Hackney, London`, `Newport, Wales`).
 */
export type SearchPlace = {
  /** The GeoNames id. */
  id: number
  name: string
  label: string
  nation: string
  lat: number
  lng: number
  population: number
  /** The most populous place whose reach holds this one's centre, or null. */
  parentId: number | null
}

/** Only a town of at least this many people contains other places. */
const CONTAINER_POPULATION = 50_000

/** How far a place reaches from its centre, in km: about 16 km for London, 5 for Manchester, 1.5 for a village. */
export const reachKm = (population: number): number => 1.5 + Math.sqrt(population) / 180

const EARTH_KM = 6371.0088
const rad = (deg: number) => (deg * Math.PI) / 180

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat)
  const dLng = rad(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h))
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5

/**
 * The places, most populous first (ties by name, then id): each with its container and its label. The label
 * is `name, container` when it has one; otherwise `name, nation`; a name that several places of one nation
 * share is `name, nation` for its most populous place and told apart for the others by the nearest town of
 * 10,000 people or more (`Newport, near Cowes`).
 */
export function buildSearchPlaces(gazetteer: Iterable<Place[]> = gbGazetteer().values()): SearchPlace[] {
  const byId = new Map<number, Place & { id: number }>()
  for (const list of gazetteer)
    for (const place of list) byId.set(placeId(place), { ...place, id: placeId(place) })
  const places = [...byId.values()].sort(
    (a, b) => b.population - a.population || a.name.localeCompare(b.name) || a.id - b.id,
  )
  const containers = places.filter((p) => p.population >= CONTAINER_POPULATION)
  const towns = places.filter((p) => p.population >= 10_000)
  const at = (p: Place) => ({ lat: p.lat, lng: p.lon })

  const parentOf = new Map<number, (typeof places)[number] | null>()
  for (const place of places) {
    const parent = containers.find(
      (c) =>
        c.id !== place.id &&
        c.population > place.population &&
        distanceKm(at(place), at(c)) <= reachKm(c.population),
    )
    parentOf.set(place.id, parent ?? null)
  }

  // The most populous place of a name in its nation is `name, nation`; the others of that name are told apart.
  const firstOfName = new Map<string, number>()
  for (const place of places) {
    const key = `${normalizePlaceName(place.name)}|${place.nation}`
    if (!firstOfName.has(key)) firstOfName.set(key, place.id)
  }

  return places.map((place) => {
    const parent = parentOf.get(place.id) ?? null
    let qualifier = parent?.name ?? place.nation
    if (!parent && firstOfName.get(`${normalizePlaceName(place.name)}|${place.nation}`) !== place.id) {
      const near = nearest(
        towns.filter((t) => normalizePlaceName(t.name) !== normalizePlaceName(place.name)),
        at(place),
        at,
      )
      if (near) qualifier = `near ${near.name}`
    }
    return {
      id: place.id,
      name: place.name,
      label: qualifier ? `${place.name}, ${qualifier}` : place.name,
      nation: place.nation,
      lat: round5(place.lat),
      lng: round5(place.lon),
      population: place.population,
      parentId: parent?.id ?? null,
    }
  })
}

function nearest<T>(
  list: T[],
  from: { lat: number; lng: number },
  at: (t: T) => { lat: number; lng: number },
) {
  let best: T | undefined
  let bestKm = Number.POSITIVE_INFINITY
  for (const item of list) {
    const km = distanceKm(from, at(item))
    if (km < bestKm) [best, bestKm] = [item, km]
  }
  return best
}

/** The gazetteer keeps GeoNames' id on each place. */
function placeId(place: Place): number {
  if (place.id === undefined) throw new Error(`The gazetteer's place ${place.name} has no GeoNames id`)
  return place.id
}
