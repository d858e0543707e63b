import { describe, expect, it } from 'vitest'
import { fitWithin, MAX_IMAGE_SIDE } from './fit-within'

describe('images are shrunk so their longest side is at most 1600 px, keeping proportions', () => {
  it('shrinks a landscape photo by its width', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 })
  })

  it('shrinks a portrait photo by its height', () => {
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 })
  })

  it('shrinks a square to the limit', () => {
    expect(fitWithin(2000, 2000)).toEqual({ width: 1600, height: 1600 })
  })

  it('leaves a small image at its size (never enlarges)', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
    expect(fitWithin(MAX_IMAGE_SIDE, 900)).toEqual({ width: 1600, height: 900 })
  })

  it('rounds to whole pixels and keeps at least 1 px on a very thin image', () => {
    expect(fitWithin(1601, 1001)).toEqual({ width: 1600, height: 1000 })
    expect(fitWithin(100000, 10)).toEqual({ width: 1600, height: 1 })
  })

  it('takes another limit', () => {
    expect(fitWithin(1000, 500, 400)).toEqual({ width: 400, height: 200 })
  })

  it('refuses an image without size', () => {
    expect(() => fitWithin(0, 10)).toThrow(RangeError)
    expect(() => fitWithin(Number.NaN, 10)).toThrow(RangeError)
  })
})
