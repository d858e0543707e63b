import { type AreaPoint, encodeArea, MAX_AREA_POINTS, MIN_AREA_POINTS, readArea } from '../../../utils/area'

/** A point on the screen, in CSS pixels. */
export type ScreenPoint = { x: number; y: number }

/** The distance of p from the segment a–b, in pixels. */
function fromSegment(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const [dx, dy] = [b.x - a.x, b.y - a.y]
  const length = dx * dx + dy * dy
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

/** Douglas–Peucker: the points that keep the line within `tolerance` pixels of the drawn one. */
function simplifyWithin(points: ScreenPoint[], tolerance: number): ScreenPoint[] {
  if (points.length < 3) return points
  const first = points[0] as ScreenPoint
  const last = points[points.length - 1] as ScreenPoint
  let [farthest, distance] = [0, -1]
  for (let i = 1; i < points.length - 1; i++) {
    const d = fromSegment(points[i] as ScreenPoint, first, last)
    if (d > distance) [farthest, distance] = [i, d]
  }
  if (distance <= tolerance) return [first, last]
  const left = simplifyWithin(points.slice(0, farthest + 1), tolerance)
  const right = simplifyWithin(points.slice(farthest), tolerance)
  return [...left.slice(0, -1), ...right]
}

/**
 * The drawn line with at most MAX_AREA_POINTS points: the finger's path, simplified just enough (a tolerance of
 * 1 pixel, doubled until it fits), the end dropped where it came back onto the start.
 */
export function simplifyStroke(stroke: ScreenPoint[], max = MAX_AREA_POINTS): ScreenPoint[] {
  let points = stroke.filter(
    (point, i) =>
      i === 0 ||
      Math.hypot(point.x - (stroke[i - 1] as ScreenPoint).x, point.y - (stroke[i - 1] as ScreenPoint).y) >= 1,
  )
  for (let tolerance = 1; points.length > max; tolerance *= 2) points = simplifyWithin(points, tolerance)
  const [first, last] = [points[0], points[points.length - 1]]
  if (points.length > MIN_AREA_POINTS && first && last && Math.hypot(first.x - last.x, first.y - last.y) < 4)
    points = points.slice(0, -1)
  return points
}

export type DrawnArea = { area: string } | { problem: 'too-small' | 'crosses-itself' }

/**
 * A drawn stroke as the search's area: its points on the map (`toMap` turns a screen point into a place), as
 * the URL holds them (5 decimals); or why it is not one.
 */
export function areaOfStroke(stroke: ScreenPoint[], toMap: (point: ScreenPoint) => AreaPoint): DrawnArea {
  const points = simplifyStroke(stroke).map(toMap)
  if (points.length < MIN_AREA_POINTS) return { problem: 'too-small' }
  const area = encodeArea(points)
  const read = readArea(area)
  if ('points' in read) return { area }
  return { problem: read.problem === 'crosses-itself' ? 'crosses-itself' : 'too-small' }
}
