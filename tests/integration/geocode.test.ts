import { describe, expect, inject, it } from 'vitest'

const search = (params: Record<string, string>) =>
  fetch(`${inject('apiUrl')}/geocode/v1/search?${new URLSearchParams(params)}`)

describe('geocoding an address (Geoapify-compatible /geocode/v1/search)', () => {
  it('turns an address into results[0].lat/lon of its town, with the GeoNames credit', async () => {
    const res = await search({
      text: '12 High Street, Keswick, Cumbria',
      format: 'json',
      apiKey: inject('anonKey'),
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.query).toEqual({ text: '12 High Street, Keswick, Cumbria' })
    expect(body.attribution).toBe('© GeoNames (CC BY 4.0)')
    expect(body.results[0]).toMatchObject({
      city: 'Keswick',
      country: 'United Kingdom',
      country_code: 'gb',
      result_type: 'city',
      formatted: 'Keswick, England, United Kingdom',
      rank: { confidence: 1 },
    })
    expect(body.results[0].lat).toBeCloseTo(54.6, 1)
    expect(body.results[0].lon).toBeCloseTo(-3.13, 1)
  })

  it('answers an unknown place with no results, which the form reports as a wrong address', async () => {
    const res = await search({ text: 'Nowhere-on-Sea', format: 'json', apiKey: inject('anonKey') })
    expect(res.status).toBe(200)
    expect((await res.json()).results).toEqual([])
  })

  it('returns at most five namesakes, and GeoJSON when no format is asked for', async () => {
    const json = await (await search({ text: 'Newport', format: 'json', apiKey: inject('anonKey') })).json()
    expect(json.results.length).toBe(5)
    const geo = await (await search({ text: 'Portree', apiKey: inject('anonKey') })).json()
    expect(geo.type).toBe('FeatureCollection')
    expect(geo.features[0].properties.city).toBe('Portree')
  })

  it('refuses a missing or foreign apiKey as Geoapify does, and a missing text', async () => {
    for (const apiKey of [undefined, 'not-a-key']) {
      const res = await search({ text: 'London', format: 'json', ...(apiKey ? { apiKey } : {}) })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid apiKey' })
    }
    const res = await search({ format: 'json', apiKey: inject('anonKey') })
    expect(res.status).toBe(400)
  })
})
