import { describe, expect, it } from 'vitest'
import { parseTransformOptions, RENDITION_SIDES, renditionKey } from './transform-options'

const parse = (query: Record<string, string>) => parseTransformOptions((name) => query[name])

describe('image transformation options are read as Supabase reads them', () => {
  it('defaults to cover, quality 80 and WebP', () => {
    expect(parse({ width: '400' })).toEqual({
      width: 400,
      height: undefined,
      resize: 'cover',
      quality: 80,
      format: 'webp',
    })
  })
  it('accepts contain and fill, a quality and the original format', () => {
    expect(
      parse({ width: '10', height: '20', resize: 'contain', quality: '55', format: 'origin' }),
    ).toMatchObject({
      resize: 'contain',
      quality: 60,
      format: 'origin',
    })
  })
  it('refuses bad sizes, modes and qualities with a 400, never a 500', () => {
    const bad: Record<string, string>[] = [
      { width: '0' },
      { width: 'abc' },
      { height: '9999' },
      { resize: 'zoom' },
      { quality: '5' },
    ]
    for (const query of bad) {
      expect(() => parse(query)).toThrow(expect.objectContaining({ statusCode: '400' }))
    }
  })
  it('rounds sizes and quality up to a fixed set, so renditions per object are bounded', () => {
    const keys = new Set<string>()
    for (let width = 1; width <= 2500; width += 1) keys.add(renditionKey(parse({ width: String(width) })))
    expect(keys.size).toBe(RENDITION_SIDES.length)
    expect(parse({ width: '401', height: '299', quality: '71' })).toMatchObject({
      width: 480,
      height: 300,
      quality: 80,
    })
  })
  it('names each rendition differently', () => {
    expect(renditionKey(parse({ width: '400' }))).not.toBe(renditionKey(parse({ width: '800' })))
  })
})
