/**
 * A drawn area: a closed shape of up to MAX_AREA_POINTS points, held in the URL (`?area=`) as an encoded
 * polyline (Google's format, 5 decimals: https://developers.google.com/maps/documentation/utilities/polylinealgorithm).
 * The last point joins the first; a shape whose edges cross each other is refused.
 */
export type AreaPoint = { lat: number; lng: number }

export const MAX_AREA_POINTS = 50
export const MIN_AREA_POINTS = 3

function encodeNumber(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1
  let out = ''
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63)
    v >>= 5
  }
  return out + String.fromCharCode(v + 63)
}

/** The points as an encoded polyline, each rounded to 5 decimals. */
export function encodeArea(points: readonly AreaPoint[]): string {
  let lat = 0
  let lng = 0
  let out = ''
  for (const point of points) {
    const [pLat, pLng] = [Math.round(point.lat * 1e5), Math.round(point.lng * 1e5)]
    out += encodeNumber(pLat - lat) + encodeNumber(pLng - lng)
    ;[lat, lng] = [pLat, pLng]
  }
  return out
}

/** The points of an encoded polyline, or null when it does not decode to coordinates. */
export function decodePolyline(text: string): AreaPoint[] | null {
  const values: number[] = []
  let shift = 0
  let result = 0
  for (let i = 0; i < text.length; i++) {
    const byte = text.charCodeAt(i) - 63
    if (byte < 0 || byte > 63 || shift > 30) return null
    result |= (byte & 0x1f) << shift
    shift += 5
    if (byte < 0x20) {
      values.push(result & 1 ? ~(result >> 1) : result >> 1)
      shift = 0
      result = 0
    }
  }
  if (shift !== 0 || values.length % 2 !== 0) return null
  const points: AreaPoint[] = []
  let lat = 0
  let lng = 0
  for (let i = 0; i < values.length; i += 2) {
    lat += values[i] ?? 0
    lng += values[i + 1] ?? 0
    points.push({ lat: lat / 1e5, lng: lng / 1e5 })
  }
  return points.every((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180) ? points : null
}

export type AreaProblem = 'does-not-decode' | 'too-few-points' | 'too-many-points' | 'crosses-itself'

/** The area's points, or why it is not an area Roost searches. */
export function readArea(text: string): { points: AreaPoint[] } | { problem: AreaProblem } {
  const points = decodePolyline(text)
  if (!points) return { problem: 'does-not-decode' }
  if (points.length < MIN_AREA_POINTS) return { problem: 'too-few-points' }
  if (points.length > MAX_AREA_POINTS) return { problem: 'too-many-points' }
  if (crossesItself(points)) return { problem: 'crosses-itself' }
  return { points }
}

const orientation = (a: AreaPoint, b: AreaPoint, c: AreaPoint): number =>
  Math.sign((b.lng - a.lng) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lng - a.lng))

const onSegment = (a: AreaPoint, b: AreaPoint, p: AreaPoint): boolean =>
  Math.min(a.lng, b.lng) <= p.lng &&
  p.lng <= Math.max(a.lng, b.lng) &&
  Math.min(a.lat, b.lat) <= p.lat &&
  p.lat <= Math.max(a.lat, b.lat)

function segmentsMeet(a: AreaPoint, b: AreaPoint, c: AreaPoint, d: AreaPoint): boolean {
  const [o1, o2, o3, o4] = [
    orientation(a, b, c),
    orientation(a, b, d),
    orientation(c, d, a),
    orientation(c, d, b),
  ]
  if (o1 !== o2 && o3 !== o4) return true
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  )
}

/** Whether two edges of the closed shape that do not share a corner meet (or one folds back on its neighbour). */
export function crossesItself(points: readonly AreaPoint[]): boolean {
  const n = points.length
  const edge = (i: number): [AreaPoint, AreaPoint] => [
    points[i] as AreaPoint,
    points[(i + 1) % n] as AreaPoint,
  ]
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = edge(i)
      const [c, d] = edge(j)
      const neighbours = j === i + 1 || (i === 0 && j === n - 1)
      if (neighbours) {
        // Neighbours share a corner; they cross only by folding back along each other.
        const folds =
          j === i + 1
            ? orientation(a, b, d) === 0 && (onSegment(a, b, d) || onSegment(c, d, a))
            : orientation(a, b, c) === 0 && (onSegment(a, b, c) || onSegment(c, d, b))
        if (folds) return true
        continue
      }
      if (segmentsMeet(a, b, c, d)) return true
    }
  }
  return false
}

// PostgreSQL's `point <@ polygon` (src/backend/utils/adt/geo_ops.c point_inside and lseg_crossing), ported
// step for step with its fuzzy comparisons (geo_decls.h: EPSILON 1e-6), so the device finds the same homes
// inside a drawn area as the server: x is the longitude, y the latitude; a point on an edge is inside.
const EPSILON = 1.0e-6
const fpZero = (a: number) => Math.abs(a) <= EPSILON
const fpLt = (a: number, b: number) => b - a > EPSILON
const fpLe = (a: number, b: number) => a - b <= EPSILON
const fpGt = (a: number, b: number) => a - b > EPSILON
const fpGe = (a: number, b: number) => b - a <= EPSILON
const POINT_ON_POLYGON = Number.MAX_SAFE_INTEGER

/** How the segment from (prevX, prevY) to (x, y) crosses the positive x axis (geo_ops.c lseg_crossing). */
function lsegCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (fpZero(y)) {
    if (fpZero(x)) return POINT_ON_POLYGON
    if (fpGt(x, 0)) {
      if (fpZero(prevY)) return fpGt(prevX, 0) ? 0 : POINT_ON_POLYGON
      return fpLt(prevY, 0) ? 1 : -1
    }
    if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : POINT_ON_POLYGON
    return 0
  }
  const ySign = fpGt(y, 0) ? 1 : -1
  if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ySign
  if ((ySign < 0 && fpLt(prevY, 0)) || (ySign > 0 && fpGt(prevY, 0))) return 0
  if (fpGe(x, 0) && fpGt(prevX, 0)) return 2 * ySign
  if (fpLt(x, 0) && fpLe(prevX, 0)) return 0
  const z = (x - prevX) * y - (y - prevY) * x
  if (fpZero(z)) return POINT_ON_POLYGON
  if ((ySign < 0 && fpLt(z, 0)) || (ySign > 0 && fpGt(z, 0))) return 0
  return 2 * ySign
}

/** Whether the point is inside the closed shape or on its edge (geo_ops.c point_inside, not 0). */
export function pointInArea(points: readonly AreaPoint[], point: AreaPoint): boolean {
  const first = points[0]
  if (!first) return false
  const x0 = first.lng - point.lng
  const y0 = first.lat - point.lat
  let prevX = x0
  let prevY = y0
  let total = 0
  for (let i = 1; i < points.length; i++) {
    const at = points[i] as AreaPoint
    const x = at.lng - point.lng
    const y = at.lat - point.lat
    const cross = lsegCrossing(x, y, prevX, prevY)
    if (cross === POINT_ON_POLYGON) return true
    total += cross
    prevX = x
    prevY = y
  }
  const cross = lsegCrossing(x0, y0, prevX, prevY)
  if (cross === POINT_ON_POLYGON) return true
  return total + cross !== 0
}

/** The box the server reads a drawn area's homes from first: its points' box, widened past EPSILON. */
export function areaBox(points: readonly AreaPoint[]): [number, number, number, number] {
  const lngs = points.map((p) => p.lng)
  const lats = points.map((p) => p.lat)
  return [
    Math.min(...lngs) - 1e-5,
    Math.min(...lats) - 1e-5,
    Math.max(...lngs) + 1e-5,
    Math.max(...lats) + 1e-5,
  ]
}
