import type { Position } from 'geojson'
import sharp from 'sharp'
import { landForZoom, type PlaceLabel, ukPlaces } from './geography'

export const TILE_SIZE = 256
/** Beyond this the map scales the last tiles up: there is no finer data to draw. */
export const MAX_TILE_ZOOM = 14

const COLORS = { sea: '#b9d3dc', land: '#eef0e8', coast: '#7fa3b3', dot: '#4a5a54', text: '#26332e' }
const FONT = "'Liberation Sans', 'DejaVu Sans', sans-serif"
/** Drawn past the tile's edge so coastlines and labels of neighbouring tiles line up without seams. */
const BUFFER = 160

/** Web Mercator, in pixels of the whole world at zoom `z`. */
export function project(lon: number, lat: number, z: number): [number, number] {
  const world = TILE_SIZE * 2 ** z
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat))
  const sin = Math.sin((clamped * Math.PI) / 180)
  return [((lon + 180) / 360) * world, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world]
}

/** Longitude and latitude of a world pixel at zoom `z`. */
export function unproject(px: number, py: number, z: number): [number, number] {
  const world = TILE_SIZE * 2 ** z
  const lon = (px / world) * 360 - 180
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI
  return [lon, lat]
}

type Point = [number, number]

/** Sutherland–Hodgman clipping of a ring to the square [min, max]², enough for filling and stroking. */
function clipRing(ring: Point[], min: number, max: number): Point[] {
  const edges: Array<[(p: Point) => boolean, (a: Point, b: Point) => Point]> = [
    [(p) => p[0] >= min, (a, b) => [min, a[1] + ((b[1] - a[1]) * (min - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= max, (a, b) => [max, a[1] + ((b[1] - a[1]) * (max - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= min, (a, b) => [a[0] + ((b[0] - a[0]) * (min - a[1])) / (b[1] - a[1]), min]],
    [(p) => p[1] <= max, (a, b) => [a[0] + ((b[0] - a[0]) * (max - a[1])) / (b[1] - a[1]), max]],
  ]
  let output = ring
  for (const [inside, cross] of edges) {
    const input = output
    output = []
    for (let i = 0; i < input.length; i++) {
      const current = input[i] as Point
      const previous = input[(i + input.length - 1) % input.length] as Point
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current))
        output.push(current)
      } else if (inside(previous)) output.push(cross(previous, current))
    }
    if (output.length === 0) break
  }
  return output
}

const round = (n: number) => Math.round(n * 10) / 10

function ringPath(ring: Position[], z: number, left: number, top: number): string {
  const points = ring.map(([lon = 0, lat = 0]): Point => {
    const [px, py] = project(lon, lat, z)
    return [px - left, py - top]
  })
  const clipped = clipRing(points, -BUFFER, TILE_SIZE + BUFFER)
  if (clipped.length < 3) return ''
  return `M${clipped.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}Z`
}

/** The least population a place needs to be named at zoom `z` (none below zoom 5). */
function minPopulation(z: number): number {
  if (z < 5) return Number.POSITIVE_INFINITY
  if (z < 7) return 250_000
  if (z < 8) return 100_000
  if (z < 9) return 40_000
  if (z < 10) return 15_000
  if (z < 11) return 5_000
  return 0
}

const fontSize = (z: number, population: number) => (population >= 100_000 && z < 12 ? 13 : 11)

type LabelBox = PlaceLabel & { px: number; py: number; size: number }

const labelsByZoom = new Map<number, LabelBox[]>()

/**
 * The places named at zoom `z`, chosen once for the whole map (most populous first, none overlapping) so
 * that every tile agrees on which labels exist and a label cut by a tile edge continues in the next tile.
 */
function labelsForZoom(z: number): LabelBox[] {
  const cached = labelsByZoom.get(z)
  if (cached) return cached
  const chosen: LabelBox[] = []
  const boxes: Array<[number, number, number, number]> = []
  const threshold = minPopulation(z)
  for (const place of ukPlaces()) {
    if (place.population < threshold) continue
    const [px, py] = project(place.lon, place.lat, z)
    const size = fontSize(z, place.population)
    const box: [number, number, number, number] = [
      px - 4,
      py - size - 2,
      px + 6 + place.name.length * size * 0.6,
      py + 4,
    ]
    if (boxes.some((b) => box[0] < b[2] && box[2] > b[0] && box[1] < b[3] && box[3] > b[1])) continue
    boxes.push(box)
    chosen.push({ ...place, px, py, size })
  }
  labelsByZoom.set(z, chosen)
  return chosen
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The SVG of tile z/x/y: sea, Natural Earth land with its coastline, and GeoNames place names. */
export function tileSvg(z: number, x: number, y: number): string {
  const left = x * TILE_SIZE
  const top = y * TILE_SIZE
  const [west, north] = unproject(left - BUFFER, top - BUFFER, z)
  const [east, south] = unproject(left + TILE_SIZE + BUFFER, top + TILE_SIZE + BUFFER, z)
  const paths: string[] = []
  for (const polygon of landForZoom(z)) {
    if (polygon.east < west || polygon.west > east || polygon.north < south || polygon.south > north) continue
    const d = polygon.rings.map((ring) => ringPath(ring, z, left, top)).join('')
    if (d) paths.push(d)
  }
  const land = paths.join('')
  const labels = labelsForZoom(z)
    .filter(
      (l) =>
        l.px - left > -BUFFER &&
        l.px - left < TILE_SIZE + BUFFER &&
        l.py - top > -BUFFER &&
        l.py - top < TILE_SIZE + BUFFER,
    )
    .map((l) => {
      const cx = round(l.px - left)
      const cy = round(l.py - top)
      const name = escapeXml(l.name)
      const text = `x="${cx + 5}" y="${cy - 3}" font-size="${l.size}"`
      return (
        `<circle cx="${cx}" cy="${cy}" r="2.5" fill="${COLORS.dot}"/>` +
        `<text ${text} stroke="#fff" stroke-width="3" stroke-linejoin="round">${name}</text>` +
        `<text ${text} fill="${COLORS.text}">${name}</text>`
      )
    })
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}">` +
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${COLORS.sea}"/>` +
    (land
      ? `<path d="${land}" fill="${COLORS.land}" fill-rule="evenodd" stroke="${COLORS.coast}" stroke-width="1"/>`
      : '') +
    `<g font-family="${FONT}">${labels}</g></svg>`
  )
}

/** Tile z/x/y as a palette PNG (a few hundred bytes for open land or sea). */
export function renderTile(z: number, x: number, y: number): Promise<Buffer> {
  return sharp(Buffer.from(tileSvg(z, x, y)))
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer()
}
