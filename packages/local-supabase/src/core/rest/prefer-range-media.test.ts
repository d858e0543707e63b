import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { parseAccept } from './media'
import { parsePrefer } from './prefer'
import { contentRange, MAX_ROWS, rangeStatus, resolvePage } from './range'

describe('Prefer header', () => {
  it('reads comma-joined preferences and ignores unknown ones', () => {
    expect(
      parsePrefer('resolution=merge-duplicates, return=representation,count=exact, foo=bar, missing=default'),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      tx: null,
      handling: null,
      maxAffected: null,
      invalid: ['foo=bar'],
    })
    expect(parsePrefer(undefined).return).toBeNull()
    expect(parsePrefer('handling=strict, max-affected=3')).toMatchObject({
      handling: 'strict',
      maxAffected: 3,
    })
  })
})

describe('paging', () => {
  it('uses limit and offset, caps at max rows, and intersects the Range header', () => {
    expect(resolvePage('10', '20', null)).toEqual({ offset: 20, limit: 10 })
    expect(resolvePage(null, null, null)).toEqual({ offset: 0, limit: MAX_ROWS })
    expect(resolvePage('5000', null, null).limit).toBe(MAX_ROWS)
    expect(resolvePage(null, null, '5-9')).toEqual({ offset: 5, limit: 5 })
    expect(resolvePage('3', null, '0-9')).toEqual({ offset: 0, limit: 3 })
  })

  it('refuses a negative or non-numeric limit with PGRST100', () => {
    expect(() => resolvePage('-1', null, null)).toThrow(RestError)
    expect(() => resolvePage(null, 'x', null)).toThrow(RestError)
  })

  it('formats Content-Range as PostgREST does', () => {
    expect(contentRange(0, 10, 57)).toBe('0-9/57')
    expect(contentRange(0, 10, null)).toBe('0-9/*')
    expect(contentRange(0, 0, 0)).toBe('*/0')
  })

  it('answers 206 for a partial page of a known total and 416 past the end', () => {
    expect(rangeStatus(0, 10, 57)).toBe(206)
    expect(rangeStatus(0, 57, 57)).toBe(200)
    expect(rangeStatus(0, 10, null)).toBe(200)
    expect(rangeStatus(0, 0, 0)).toBe(200)
    expect(rangeStatus(100, 0, 57)).toBe(416)
  })
})

describe('Accept header', () => {
  it('picks a single object, an array, or stripped nulls', () => {
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({ singular: true, stripNulls: false })
    expect(parseAccept('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({
      singular: false,
      stripNulls: true,
    })
    expect(parseAccept(undefined)).toEqual({ singular: false, stripNulls: false })
    expect(parseAccept('*/*')).toEqual({ singular: false, stripNulls: false })
  })

  it('offers CSV, GeoJSON, and plans only where enabled', () => {
    expect(parseAccept('text/csv')).toMatchObject({ format: 'csv' })
    expect(parseAccept('application/geo+json')).toMatchObject({ format: 'geojson' })
    expect(() => parseAccept('application/vnd.pgrst.plan+json')).toThrow(RestError)
    expect(
      parseAccept('application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose', true),
    ).toMatchObject({
      plan: { format: 'text', options: ['analyze', 'verbose'] },
    })
  })

  it('refuses other media types with 406 PGRST107', () => {
    expect(() => parseAccept('image/png')).toThrow(RestError)
  })
})
