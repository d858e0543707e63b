import { afterEach, describe, expect, it, vi } from 'vitest'
import { env } from '../config/env'
import { fetchListing } from '../features/listings/api/get-listing'
import { getListingsPage } from '../features/listings/api/get-listings-page'
import { fetchRecommendedListings } from '../features/listings/api/get-recommended-listings'
import { fetchSearchPage } from '../features/search/api/search-homes'
import { earlyListings, provideEarlyAnswer } from '../lib/early-answer'
import { isNetworkError } from '../lib/errors'
import { KEY_IN_URL_REFUSED } from '../lib/key-in-url'
import { aListingRow } from '../testing/listing-factory'
import { parseHomeSearch } from '../types/home-search'
import { LISTING_COLUMNS } from '../types/listing'
import { listingsReadUrl } from '../utils/inline-script-helpers'
import { readEarlyAnswer } from './early-listings'

// The first screens must show from index.html's early answer without PostgREST's client: here it cannot load.
vi.mock('@supabase/postgrest-js', () => {
  throw new Error('PostgREST client loaded')
})

// As the app's start does (src/app/app.tsx): the reads take the early answer through the port.
provideEarlyAnswer(readEarlyAnswer)

const row = aListingRow()
const listing = { id: String(row.id) }

/** index.html's inline script, as far as the app sees it: the request it made for `url`, answered so. */
function earlyAnswer(url: string, response: Promise<Response>, onLine = true) {
  vi.stubGlobal('navigator', { onLine })
  vi.stubGlobal('window', { __roostEarly: { url, startedAt: Date.now(), response } })
}
const json = (body: unknown, init: ResponseInit = {}) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init }),
  )
const url = (read: Parameters<typeof listingsReadUrl>[2]) =>
  listingsReadUrl(env.supabaseUrl, LISTING_COLUMNS, read)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the first screens' reads take index.html's early answer without PostgREST's client", () => {
  it("Explore's Recommended", async () => {
    earlyAnswer(url({ limit: 5 }), json([row]))
    expect((await fetchRecommendedListings()).map((l) => l.id)).toEqual([listing.id])
  })

  it('a listing page', async () => {
    earlyAnswer(url({ id: listing.id }), json([row]))
    expect((await fetchListing(listing.id))?.id).toBe(listing.id)
  })

  it("Offers' and a category's first page", async () => {
    earlyAnswer(url({ offer: true, limit: 11 }), json([row]))
    expect((await getListingsPage({ kind: 'offers' }, null)).listings.map((l) => l.id)).toEqual([listing.id])
    earlyAnswer(url({ type: 'sale', limit: 11 }), json([row]))
    const page = await getListingsPage({ kind: 'type', type: 'sale' }, null)
    expect(page.listings.map((l) => l.id)).toEqual([listing.id])
  })

  it('a search with nothing set, with its capped count fetched without the client too', async () => {
    earlyAnswer(url({ limit: 11 }), json([row]))
    const counts: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        counts.push(String(input))
        return json(1001)
      }),
    )
    const page = await fetchSearchPage(parseHomeSearch({}), null)
    expect(page.listings.map((l) => l.id)).toEqual([listing.id])
    expect(page.total).toBe(1001)
    expect(counts).toEqual([
      `${env.supabaseUrl}/rest/v1/rpc/count_homes?apikey=${encodeURIComponent(env.supabaseAnonKey)}`,
    ])
  })

  it("any other read goes to PostgREST's client", async () => {
    earlyAnswer(url({ limit: 5 }), json([row]))
    await expect(fetchListing(listing.id)).rejects.toThrow()
    await expect(fetchSearchPage(parseHomeSearch({ type: 'rent' }), null)).rejects.toThrow()
  })
})

describe('earlyListings', () => {
  it('answers once; the next read is left to the client', async () => {
    earlyAnswer(url({ limit: 5 }), json([row]))
    expect(await earlyListings(LISTING_COLUMNS, { limit: 5 })).toEqual({ rows: [row], count: null })
    expect(await earlyListings(LISTING_COLUMNS, { limit: 5 })).toBeNull()
  })

  it('leaves the answer to the client offline', async () => {
    earlyAnswer(url({ limit: 5 }), json([row]), false)
    expect(await earlyListings(LISTING_COLUMNS, { limit: 5 })).toBeNull()
  })

  it("fails with PostgREST's error when the server refuses", async () => {
    earlyAnswer(url({ limit: 5 }), json({ message: 'permission denied', code: '42501' }, { status: 401 }))
    await expect(earlyListings(LISTING_COLUMNS, { limit: 5 })).rejects.toMatchObject({
      message: 'permission denied',
      code: '42501',
    })
  })

  it('leaves a refusal of the key in its URL to the client, and remembers it for the tab', async () => {
    const stored = new Map<string, string>()
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    })
    // What PostgREST answers where a gateway passes `apikey` on to it (the Supabase CLI's stack, self-hosted).
    const refusal = {
      code: 'PGRST100',
      details: 'unknown operator',
      hint: null,
      message: `"failed to parse filter (${env.supabaseAnonKey})" (line 1, column 1)`,
    }
    earlyAnswer(url({ limit: 5 }), json(refusal, { status: 400 }))
    expect(await earlyListings(LISTING_COLUMNS, { limit: 5 })).toBeNull()
    expect(stored.get(KEY_IN_URL_REFUSED)).toBe('1')
  })

  it('fails as a network error when the server cannot be reached', async () => {
    earlyAnswer(url({ limit: 5 }), Promise.reject(new TypeError('Failed to fetch')))
    const failure = await earlyListings(LISTING_COLUMNS, { limit: 5 }).catch((error: unknown) => error)
    expect(isNetworkError(failure)).toBe(true)
  })

  it('fails clearly on an answer that is not a list of rows', async () => {
    earlyAnswer(url({ limit: 5 }), json({ rows: [] }))
    await expect(earlyListings(LISTING_COLUMNS, { limit: 5 })).rejects.toThrow(
      'The server sent listings the app cannot read',
    )
  })
})
