import { afterEach, describe, expect, it, vi } from 'vitest'
import { env } from '../config/env'
import { isNetworkError } from './errors'
import { readPublic } from './supabase'

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
