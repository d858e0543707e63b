import { PostgrestClient } from '@supabase/postgrest-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY_IN_URL_REFUSED, publicReadFetch } from '../../src/lib/key-in-url'
import { type OwnApi, startOwnApi } from './support/own-api'

/** A tab's sessionStorage, as far as the fallback uses it. */
function tabMemory() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

/** The app's public reads (PostgREST's client with the app's fetch) against `api`, recording each request. */
function publicReads(api: OwnApi, tab = tabMemory()) {
  const sent: { url: string; apikeyHeader: string | null }[] = []
  const send = (url: string, init: RequestInit) => {
    sent.push({ url, apikeyHeader: new Headers(init.headers).get('apikey') })
    return fetch(url, init)
  }
  const db = new PostgrestClient(`${api.url}/rest/v1`, {
    headers: { apikey: api.anonKey, Authorization: `Bearer ${api.anonKey}` },
    fetch: publicReadFetch(api.anonKey, send, tab),
  })
  return { db, sent, tab }
}

const keyInUrl = (request: { url: string }) => new URL(request.url).searchParams.has('apikey')

describe('public reads keep working where a Supabase refuses the key in the URL', () => {
  let refusing: OwnApi
  let accepting: OwnApi
  beforeAll(async () => {
    // As the Supabase CLI's stack and self-hosted Supabase: the gateway passes `apikey` on to PostgREST.
    refusing = await startOwnApi({ LOCAL_REST_QUERY_APIKEY: 'postgrest' })
    accepting = await startOwnApi()
  })
  afterAll(async () => {
    await refusing?.close()
    await accepting?.close()
  })

  it("such a Supabase answers a key in the URL with PostgREST's 400 PGRST100, and headers as usual", async () => {
    const inUrl = await fetch(`${refusing.url}/rest/v1/listings?select=id&apikey=${refusing.anonKey}`)
    expect(inUrl.status).toBe(400)
    const body = await inUrl.json()
    expect(body).toMatchObject({ code: 'PGRST100' })
    expect(body.message).toContain(refusing.anonKey)
    const inHeaders = await fetch(`${refusing.url}/rest/v1/listings?select=id&limit=1`, {
      headers: { apikey: refusing.anonKey },
    })
    expect(inHeaders.status).toBe(200)
  })

  it('the app falls back to the ordinary headers, and sends every later read with them for the session', async () => {
    const { db, sent, tab } = publicReads(refusing)
    const first = await db.from('listings').select('id').limit(2)
    expect(first.error).toBeNull()
    expect(first.data).toBeInstanceOf(Array)
    expect(sent.map(keyInUrl)).toEqual([true, false])
    expect(sent[1]?.apikeyHeader).toBe(refusing.anonKey)
    expect(tab.getItem(KEY_IN_URL_REFUSED)).toBe('1')

    const second = await db.from('listings').select('id').eq('type', 'rent').limit(1)
    expect(second.error).toBeNull()
    expect(sent.map(keyInUrl)).toEqual([true, false, false])

    // A new page in the same tab remembers it from its first read.
    const reloaded = publicReads(refusing, tab)
    expect((await reloaded.db.from('listings').select('id').limit(1)).error).toBeNull()
    expect(reloaded.sent.map(keyInUrl)).toEqual([false])
  })

  it('where the gateway takes the key in the URL, reads keep it there, with no preflight to pay', async () => {
    const { db, sent, tab } = publicReads(accepting)
    expect((await db.from('listings').select('id').limit(1)).error).toBeNull()
    expect((await db.from('listings').select('id').eq('offer', true).limit(1)).error).toBeNull()
    expect(sent.map(keyInUrl)).toEqual([true, true])
    expect(tab.getItem(KEY_IN_URL_REFUSED)).toBeNull()
  })

  it('other refusals are answered as they are, and do not switch the tab to headers', async () => {
    const { db, sent, tab } = publicReads(accepting)
    const bad = await db.from('listings').select('id').filter('price', 'nope', '1')
    expect(bad.error?.code).toBe('PGRST100')
    expect(sent.map(keyInUrl)).toEqual([true])
    expect(tab.getItem(KEY_IN_URL_REFUSED)).toBeNull()
  })
})
