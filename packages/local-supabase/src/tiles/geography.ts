import { createRequire } from 'node:module'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { gbGazetteer } from '../core/geocode/gazetteer'

/** A polygon of land (outer ring first, then holes) in longitude/latitude, with its bounding box. */
export type LandPolygon = { rings: Position[][]; west: number; south: number; east: number; north: number }

/** A place label: a GeoNames populated place of the UK. */
export type PlaceLabel = { name: string; lon: number; lat: number; population: number }

/** Natural Earth's three scales, as world-atlas ships them; finer land is drawn from this zoom on. */
const LAND_SCALES = [
  { file: 'world-atlas/land-110m.json', fromZoom: 0 },
  { file: 'world-atlas/land-50m.json', fromZoom: 3 },
  { file: 'world-atlas/land-10m.json', fromZoom: 6 },
] as const

const require = createRequire(import.meta.url)
const landByFile = new Map<string, LandPolygon[]>()

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
}

function loadLand(file: string): LandPolygon[] {
  const topology = require(file) as Topology<{ land: GeometryCollection }>
  const land = feature(topology, topology.objects.land)
  const polygons: LandPolygon[] = []
  for (const item of land.features) {
    if (item.geometry.type !== 'Polygon' && item.geometry.type !== 'MultiPolygon') continue
    for (const rings of polygonsOf(item.geometry)) {
      let [west, south, east, north] = [180, 90, -180, -90]
      for (const [lon = 0, lat = 0] of rings[0] ?? []) {
        west = Math.min(west, lon)
        east = Math.max(east, lon)
        south = Math.min(south, lat)
        north = Math.max(north, lat)
      }
      polygons.push({ rings, west, south, east, north })
    }
  }
  return polygons
}

/** Land polygons at the scale that suits zoom `z` (each scale decoded once, on first use). */
export function landForZoom(z: number): LandPolygon[] {
  const scale = LAND_SCALES.findLast((s) => z >= s.fromZoom) ?? LAND_SCALES[0]
  let polygons = landByFile.get(scale.file)
  if (!polygons) {
    polygons = loadLand(scale.file)
    landByFile.set(scale.file, polygons)
  }
  return polygons
}

let places: PlaceLabel[] | undefined

/** The UK's populated places (the geocoder's gazetteer), most populous first. */
export function ukPlaces(): PlaceLabel[] {
  if (places) return places
  const seen = new Set<string>()
  const list: PlaceLabel[] = []
  for (const entries of gbGazetteer().values()) {
    for (const place of entries) {
      const key = `${place.name}|${place.lat}|${place.lon}`
      if (seen.has(key)) continue
      seen.add(key)
      list.push({ name: place.name, lon: place.lon, lat: place.lat, population: place.population })
    }
  }
  places = list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  return places
}
