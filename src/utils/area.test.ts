import { describe, expect, it } from 'vitest'
import { crossesItself, decodePolyline, encodeArea, readArea } from './area'

const square = [
  { lat: 51.5, lng: -0.2 },
  { lat: 51.5, lng: -0.1 },
  { lat: 51.6, lng: -0.1 },
  { lat: 51.6, lng: -0.2 },
]

describe('drawn areas', () => {
  it("encodes as Google's polyline and decodes back", () => {
    expect(
      encodeArea([
        { lat: 38.5, lng: -120.2 },
        { lat: 40.7, lng: -120.95 },
        { lat: 43.252, lng: -126.453 },
      ]),
    ).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@')
    expect(decodePolyline(encodeArea(square))).toEqual(square)
  })

  it('refuses text that is not a polyline, and shapes of too few or too many points', () => {
    expect(readArea('not a polyline!')).toEqual({ problem: 'does-not-decode' })
    expect(readArea(encodeArea(square.slice(0, 2)))).toEqual({ problem: 'too-few-points' })
    const many = Array.from({ length: 51 }, (_, i) => ({
      lat: 51 + Math.sin((i / 51) * 2 * Math.PI) / 10,
      lng: Math.cos((i / 51) * 2 * Math.PI) / 10,
    }))
    expect(readArea(encodeArea(many))).toEqual({ problem: 'too-many-points' })
    expect(readArea(encodeArea(many.slice(0, 50)))).toHaveProperty('points')
  })

  it('tells a shape that crosses itself', () => {
    expect(crossesItself(square)).toBe(false)
    const bowTie = [square[0], square[2], square[1], square[3]].map((p) => p as (typeof square)[number])
    expect(crossesItself(bowTie)).toBe(true)
    expect(readArea(encodeArea(bowTie))).toEqual({ problem: 'crosses-itself' })
    const foldsBack = [square[0], square[1], { lat: 51.5, lng: -0.15 }].map(
      (p) => p as (typeof square)[number],
    )
    expect(crossesItself(foldsBack)).toBe(true)
  })
})
