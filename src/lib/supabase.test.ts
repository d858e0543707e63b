import { afterEach, describe, expect, it, vi } from 'vitest'
import { env } from '../config/env'
import { isNetworkError } from './errors'
import { readPublic, withoutPreflight } from './supabase'

const url = `${env.supabaseUrl}/rest/v1/listings?select=id&type=eq.rent`
const anon = { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` }
const keyed = `${url}&apikey=${encodeURIComponent(env.supabaseAnonKey)}`

describe('withoutPreflight', () => {
  it('makes an anonymous read a CORS-simple GET: the key in the URL, no header of its own', () => {
    const [to, init] = withoutPreflight(url, { method: 'GET', headers: anon })
    expect(to).toBe(keyed)
    expect([...new Headers(init.headers)]).toEqual([])
  })

  it('keeps the safelisted Accept of a read for one row, and starts a query when the URL has none', () => {
    const [to, init] = withoutPreflight(`${env.supabaseUrl}/rest/v1/listings`, {
      headers: { ...anon, Accept: 'application/vnd.pgrst.object+json' },
    })
    expect(to).toBe(`${env.supabaseUrl}/rest/v1/listings?apikey=${encodeURIComponent(env.supabaseAnonKey)}`)
    expect([...new Headers(init.headers)]).toEqual([['accept', 'application/vnd.pgrst.object+json']])
  })

  it.each([
    ['a count (Prefer)', { method: 'GET', headers: { ...anon, Prefer: 'count=exact' } }],
    [
      'an Accept no longer safelisted',
      { method: 'GET', headers: { ...anon, Accept: 'text/plain; for="a"' } },
    ],
    ['a signed-in read', { method: 'GET', headers: { ...anon, Authorization: 'Bearer user-token' } }],
    ['a write', { method: 'POST', headers: anon, body: '{}' }],
  ])('leaves %s as it is', (_, init: RequestInit) => {
    expect(withoutPreflight(url, init)).toEqual([url, init])
  })
})

describe('readPublic', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  const answer = (body: unknown, status = 200) => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
    )
    vi.stubGlobal('fetch', fetch)
    return fetch
  }

  it('reads rows as a CORS-simple GET, without the client', async () => {
    const fetch = answer([{ price: 1 }])
    expect(await readPublic('listing_price_history?select=price&listing_id=eq.x')).toEqual([{ price: 1 }])
    const [to, init] = fetch.mock.calls[0] ?? []
    expect(to).toBe(
      `${env.supabaseUrl}/rest/v1/listing_price_history?select=price&listing_id=eq.x&apikey=${encodeURIComponent(env.supabaseAnonKey)}`,
    )
    expect([...new Headers(init?.headers)]).toEqual([])
  })

  it("fails with PostgREST's error, and offline as a network error", async () => {
    answer({ message: 'permission denied', code: '42501' }, 401)
    await expect(readPublic('listing_price_history')).rejects.toMatchObject({ code: '42501' })
    vi.stubGlobal('navigator', { onLine: false })
    const offline = await readPublic('listing_price_history').catch((error: unknown) => error)
    expect(isNetworkError(offline)).toBe(true)
  })
})
