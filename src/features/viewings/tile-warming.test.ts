import { describe, expect, it } from 'vitest'
import { tileOf, tileUrls } from './tile-warming'

describe('the tiles of a viewing day', () => {
  it('finds the tile of a point as Web Mercator cuts them', () => {
    // London, Trafalgar Square, at zoom 10 and 15.
    expect(tileOf({ latitude: 51.508, longitude: -0.128 }, 10)).toEqual({ x: 511, y: 340 })
    expect(tileOf({ latitude: 51.508, longitude: -0.128 }, 15)).toEqual({ x: 16372, y: 10896 })
  })

  it('lists each home’s tile and its neighbours at every zoom, each address once', () => {
    const urls = tileUrls(
      'https://tiles.example.com/{z}/{x}/{y}.png',
      [{ latitude: 51.508, longitude: -0.128 }],
      13,
      14,
    )
    expect(urls).toHaveLength(18)
    expect(urls).toContain('https://tiles.example.com/14/8186/5448.png')
    const twice = tileUrls(
      'https://tiles.example.com/{z}/{x}/{y}.png',
      [
        { latitude: 51.508, longitude: -0.128 },
        { latitude: 51.5081, longitude: -0.1281 },
      ],
      13,
      14,
    )
    expect(twice).toHaveLength(18)
  })
})
