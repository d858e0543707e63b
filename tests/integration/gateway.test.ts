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
})
