import { describe, expect, inject, it } from 'vitest'

describe('the API gateway', () => {
  it('refuses a request without an API key as hosted Supabase does', async () => {
    const res = await fetch(`${inject('apiUrl')}/rest/v1/listings`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
  })

  it('refuses a key that this project did not sign', async () => {
    const res = await fetch(`${inject('apiUrl')}/rest/v1/listings`, {
      headers: { apikey: 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
    })
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe('Invalid API key')
  })

  it('answers the browser preflight with the headers supabase-js sends and reads', async () => {
    const res = await fetch(`${inject('apiUrl')}/rest/v1/listings`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, prefer',
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')
    expect(res.headers.get('access-control-allow-headers')).toMatch(/prefer/)
    const get = await fetch(`${inject('apiUrl')}/health`, { headers: { Origin: 'http://localhost:4173' } })
    expect(get.headers.get('access-control-expose-headers')).toMatch(/Content-Range/)
    expect(get.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/)
  })

  it("reads the key from the URL, as anonymous, in a GET a browser sends without a preflight (the app's public reads)", async () => {
    const url = `${inject('apiUrl')}/rest/v1/listings?select=id,offer&order=created_at.desc&limit=2`
    const origin = { Origin: 'http://localhost:4173' }
    const withHeaders = await fetch(url, {
      headers: { ...origin, apikey: inject('anonKey'), Authorization: `Bearer ${inject('anonKey')}` },
    })
    const keyInUrl = await fetch(`${url}&apikey=${encodeURIComponent(inject('anonKey'))}`, {
      headers: origin,
    })
    expect(keyInUrl.status).toBe(200)
    // The key is the gateway's, not a filter: the same rows as the app's own request.
    const rows = await keyInUrl.json()
    expect(rows).toHaveLength(2)
    expect(rows).toEqual(await withHeaders.json())
    // Readable cross-origin without a preflight.
    expect(keyInUrl.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')
  })
})
