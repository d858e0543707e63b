import type { AreaPoint } from './area'

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
