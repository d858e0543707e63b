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
