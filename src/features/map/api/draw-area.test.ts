import { describe, expect, it } from 'vitest'
import { decodePolyline, MAX_AREA_POINTS } from '../../../utils/area'
import { areaOfStroke, type ScreenPoint, simplifyStroke } from './draw-area'

// A screen point as a place: 1 pixel = 0.001 degrees, y growing south.
const toMap = ({ x, y }: ScreenPoint) => ({ lat: 51.5 - y / 1000, lng: -0.1 + x / 1000 })

const circle = (n: number, radius = 100): ScreenPoint[] =>
  Array.from({ length: n }, (_, i) => ({
    x: 150 + radius * Math.cos((2 * Math.PI * i) / n),
    y: 150 + radius * Math.sin((2 * Math.PI * i) / n),
  }))

describe('drawing an area', () => {
  it('keeps a finger’s long stroke to at most 50 points, close to the drawn shape', () => {
    const stroke = circle(400)
    const points = simplifyStroke(stroke)
    expect(points.length).toBeLessThanOrEqual(MAX_AREA_POINTS)
    expect(points.length).toBeGreaterThan(10)
    for (const point of points) expect(Math.hypot(point.x - 150, point.y - 150)).toBeCloseTo(100, 0)
  })

  it('turns a stroke into the URL’s encoded polyline', () => {
    const drawn = areaOfStroke(circle(200), toMap)
    expect('area' in drawn).toBe(true)
    const points = 'area' in drawn ? decodePolyline(drawn.area) : null
    expect(points?.length).toBeGreaterThanOrEqual(3)
    expect(points?.length).toBeLessThanOrEqual(MAX_AREA_POINTS)
  })

  it('refuses a shape that crosses itself, and a scribble too small to be one', () => {
    const bowtie = [
      { x: 0, y: 0 },
      { x: 100, y: 100 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
    ]
    expect(areaOfStroke(bowtie, toMap)).toEqual({ problem: 'crosses-itself' })
    expect(
      areaOfStroke(
        [
          { x: 0, y: 0 },
          { x: 50, y: 50 },
        ],
        toMap,
      ),
    ).toEqual({ problem: 'too-small' })
  })
})
