import { describe, expect, it } from 'vitest'
import { firstGeocodeResult } from './geocode-result'

describe('an address is correct when the geocoder returns at least one result', () => {
  it('takes results[0].lat and results[0].lon', () => {
    expect(
      firstGeocodeResult({
        results: [
          { lat: 51.5, lon: -0.12, formatted: 'London' },
          { lat: 1, lon: 2 },
        ],
      }),
    ).toEqual({ lat: 51.5, lng: -0.12 })
  })

  it.each([
    ['no results', { results: [] }],
    ['no results field', {}],
    ['not an object', 'oops'],
    ['a result without coordinates', { results: [{ formatted: 'x' }] }],
  ])('%s → null', (_label, body) => {
    expect(firstGeocodeResult(body)).toBeNull()
  })
})
