import { describe, expect, it } from 'vitest'
import { env } from '../config/env'
import { withoutPreflight } from './key-in-url'

const url = `${env.supabaseUrl}/rest/v1/listings?select=id&type=eq.rent`
const anon = { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` }
const keyed = `${url}&apikey=${encodeURIComponent(env.supabaseAnonKey)}`

describe('withoutPreflight', () => {
  it('makes an anonymous read a CORS-simple GET: the key in the URL, no header of its own', () => {
    const [to, init] = withoutPreflight(url, { method: 'GET', headers: anon }, env.supabaseAnonKey)
    expect(to).toBe(keyed)
    expect([...new Headers(init.headers)]).toEqual([])
  })

  it('keeps the safelisted Accept of a read for one row, and starts a query when the URL has none', () => {
    const [to, init] = withoutPreflight(
      `${env.supabaseUrl}/rest/v1/listings`,
      { headers: { ...anon, Accept: 'application/vnd.pgrst.object+json' } },
      env.supabaseAnonKey,
    )
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
    expect(withoutPreflight(url, init, env.supabaseAnonKey)).toEqual([url, init])
  })
})
