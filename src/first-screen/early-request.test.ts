import { afterEach, describe, expect, it, vi } from 'vitest'
import { earlyRequestConfig } from '../../build/first-screen/config'
import { earlyMarkup } from '../../build/first-screen/early-markup'
import { env } from '../config/env'
import { fetchListing } from '../features/listings/api/get-listing'
import { getListingsPage } from '../features/listings/api/get-listings-page'
import { fetchRecommendedListings } from '../features/listings/api/get-recommended-listings'
import { fetchSearchPage } from '../features/search/api/search-homes'
import { provideEarlyAnswer } from '../lib/early-answer'
import { listingImageUrl } from '../lib/image-transform'
import { KEY_IN_URL_REFUSED } from '../lib/key-in-url'
import { AUTH_STORAGE_KEY } from '../lib/supabase'
import { aListingRow } from '../testing/listing-factory'
import { parseHomeSearch } from '../types/home-search'
import { LISTING_COLUMNS } from '../types/listing'
import { readEarlyAnswer } from './early-listings'
import { type EarlyRequestConfig, startAppCode, startEarlyRequest } from './early-script'

const markup = await earlyMarkup()

// As the app's start does (src/app/app.tsx): the reads take the early answer through the port.
provideEarlyAnswer(readEarlyAnswer)

const LISTING_ID = '5eed0000-0000-4000-8000-000000000001'
const cover = `${env.supabaseUrl}/storage/v1/object/public/listing-images/u1/${LISTING_ID}/front.jpg`
const row = aListingRow({ id: LISTING_ID, image_urls: [cover] })
const screenCode = {
  search: '/assets/search-code.js',
  listing: '/assets/listing-code.js',
  reads: '/assets/postgrest-code.js',
}
/** As in development, where index.html's own module script starts the app. */
const config = earlyRequestConfig(env, screenCode, null, markup)

/** A browser window enough for the inline script, recording every fetch and appended <link>. */
function fakeWindow(pathname: string, onLine = true, search = '', stored: Record<string, string> = {}) {
  const calls: { url: string; headers: Record<string, string> }[] = []
  const links: Record<string, string>[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers)) })
    // A search's count (count_homes) is a number; every other read, the one row.
    const body = String(input).includes('/rpc/count_homes?') ? 7 : [row]
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  })
  const win = {
    location: { pathname, search },
    navigator: { onLine },
    fetch,
    document: {
      createElement: () => ({}) as Record<string, string>,
      // The app has replaced index.html's frame.
      querySelector: () => null,
      head: { append: (link: Record<string, string>) => links.push(link) },
      readyState: 'complete',
    },
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, 16),
    setTimeout,
    localStorage: { getItem: (key: string) => stored[key] ?? null },
  }
  vi.stubGlobal('window', win)
  vi.stubGlobal('fetch', fetch)
  return { win: win as unknown as Window, calls, links }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("index.html's early request is the app's own first request", () => {
  it("on '/', fires the app's Recommended GET, which the app then uses instead of fetching again", async () => {
    const { win, calls } = fakeWindow('/')
    startEarlyRequest(config, win)
    const listings = await fetchRecommendedListings()
    expect(listings.map((l) => l.id)).toEqual([LISTING_ID])
    expect(calls).toHaveLength(1)
    const appUrl = `${env.supabaseUrl}/rest/v1/market_listings?select=${encodeURIComponent(LISTING_COLUMNS)}&order=created_at.desc%2Cid.desc&limit=5`
    // The key in the URL and no header of its own: a CORS-simple GET, which no preflight holds back.
    expect(calls[0]?.url).toBe(`${appUrl}&apikey=${encodeURIComponent(env.supabaseAnonKey)}`)
    expect(calls[0]?.headers).toEqual({})
    // Used once: the next read goes to the network, as the same simple GET.
    await fetchRecommendedListings()
    expect(calls).toHaveLength(2)
    expect(calls[1]).toEqual(calls[0])
  })

  it('sends the key in headers where this tab learnt that the API refuses it in the URL', async () => {
    const { win, calls } = fakeWindow('/')
    Object.assign(win, {
      sessionStorage: { getItem: (key: string) => (key === KEY_IN_URL_REFUSED ? '1' : null) },
    })
    startEarlyRequest(config, win)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(new URL(calls[0]?.url ?? '').searchParams.has('apikey')).toBe(false)
    expect(calls[0]?.headers).toMatchObject({ apikey: env.supabaseAnonKey })
  })

  it("on a listing page, preloads the page's code and fires the app's listing GET, which the app then uses", async () => {
    const { win, calls, links } = fakeWindow(`/category/rent/${LISTING_ID}`)
    startEarlyRequest(config, win)
    expect((await fetchListing(LISTING_ID))?.id).toBe(LISTING_ID)
    await vi.waitFor(() =>
      expect(links).toContainEqual(
        expect.objectContaining({ rel: 'modulepreload', href: '/assets/listing-code.js' }),
      ),
    )
    expect(calls).toHaveLength(1)
  })

  it('leaves a request for other data alone: the app fetches it itself', async () => {
    const { win, calls } = fakeWindow(`/category/rent/${LISTING_ID}`)
    startEarlyRequest(config, win)
    await fetchRecommendedListings()
    expect(calls).toHaveLength(2)
  })

  it.each([
    ['/offers', { kind: 'offers' } as const],
    ['/category/sale', { kind: 'type', type: 'sale' } as const],
  ])("on %s, fires the list's first page GET, which the app then uses", async (path, filter) => {
    const { win, calls, links } = fakeWindow(path)
    startEarlyRequest(config, win)
    const page = await getListingsPage(filter, null)
    expect(page.listings.map((l) => l.id)).toEqual([LISTING_ID])
    expect(calls).toHaveLength(1)
    // The first card's cover, at the card's size.
    await vi.waitFor(() => expect(links).toHaveLength(1))
    expect(links[0]).toMatchObject({ rel: 'preload', href: listingImageUrl(cover, 'card') })
  })

  it("on /search with nothing set, fires the search's first page GET, which the app then uses, and its capped count", async () => {
    const { win, calls, links } = fakeWindow('/search')
    startEarlyRequest(config, win)
    const countUrl = `${env.supabaseUrl}/rest/v1/rpc/count_homes?apikey=${encodeURIComponent(env.supabaseAnonKey)}`
    // The rows and the count (count_homes reads at most 1,001 rows), both CORS-simple GETs.
    expect(calls.map((call) => call.url).sort()).toEqual(
      [countUrl, expect.stringContaining('/rest/v1/market_listings?select=')].sort(),
    )
    expect(calls.map((call) => call.headers)).toEqual([{}, {}])
    const page = await fetchSearchPage(parseHomeSearch({}), null)
    expect(page.listings.map((l) => l.id)).toEqual([LISTING_ID])
    expect(page.total).toBe(7)
    // The rows are the early answer's; the app's count is the same simple GET.
    expect(calls).toHaveLength(3)
    expect(calls[2]).toEqual({ url: countUrl, headers: {} })
    // The first card's cover once the answer names it, then the screen's code (no photo was drawn to wait for).
    await vi.waitFor(() => expect(links).toHaveLength(2))
    expect(links[0]).toMatchObject({ rel: 'preload', href: listingImageUrl(cover, 'card') })
    expect(links[1]).toMatchObject({ rel: 'modulepreload', href: '/assets/search-code.js' })
  })

  it("leaves a search with something set to the app, but preloads the screen's code and PostgREST's client", async () => {
    const { win, calls, links } = fakeWindow('/search', true, '?type=rent')
    startEarlyRequest(config, win)
    await vi.waitFor(() =>
      expect(links).toEqual([
        expect.objectContaining({ rel: 'modulepreload', href: '/assets/search-code.js' }),
        expect.objectContaining({ rel: 'modulepreload', href: '/assets/postgrest-code.js' }),
      ]),
    )
    await fetchSearchPage(parseHomeSearch({ type: 'rent' }), null)
    // The page and its count.
    expect(calls).toHaveLength(2)
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/rpc/search_homes?search=%7B%22type%22%3A%22rent%22%7D'),
        expect.stringContaining('/rpc/count_homes?search=%7B%22type%22%3A%22rent%22%7D'),
      ]),
    )
  })

  it('starts nothing on other screens or offline', () => {
    const { win, calls } = fakeWindow('/saved')
    startEarlyRequest(config, win)
    const offline = fakeWindow('/', false)
    startEarlyRequest(config, offline.win)
    expect(calls).toHaveLength(0)
    expect(offline.calls).toHaveLength(0)
  })

  it("preloads PostgREST's client on Saved Homes only for someone signed in, whose saved homes sync", async () => {
    const signedIn = fakeWindow('/saved', true, '', { [AUTH_STORAGE_KEY]: '{}' })
    startEarlyRequest(config, signedIn.win)
    const visitor = fakeWindow('/saved')
    startEarlyRequest(config, visitor.win)
    await vi.waitFor(() =>
      expect(signedIn.links).toEqual([
        expect.objectContaining({ rel: 'modulepreload', href: '/assets/postgrest-code.js' }),
      ]),
    )
    expect(visitor.links).toEqual([])
  })

  it('preloads the first photo at the very address the slide and gallery show', async () => {
    const { win, links } = fakeWindow('/')
    startEarlyRequest(config, win)
    await vi.waitFor(() => expect(links).toHaveLength(1))
    expect(links[0]).toMatchObject({
      rel: 'preload',
      as: 'image',
      crossOrigin: 'anonymous',
      fetchPriority: 'high',
      href: listingImageUrl(cover, 'photo'),
    })
  })
})

describe("index.html's inline script starts the app's code after the first photo", () => {
  const app = { entry: '/assets/index.js', preload: ['/assets/framework.js', '/assets/app-core.js'] }
  const built: EarlyRequestConfig = earlyRequestConfig(env, screenCode, app, markup)

  /** A document recording what is appended to its head, and a window whose timers the test runs. */
  function page(readyState: DocumentReadyState = 'complete') {
    const appended: Record<string, string>[] = []
    const listeners = new Map<string, () => void>()
    const document = {
      readyState,
      createElement: (tag: string) => ({ tag }),
      head: { append: (element: Record<string, string>) => appended.push(element) },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    }
    const win = { document, setTimeout } as unknown as Window
    return { win, appended, parsed: () => listeners.get('DOMContentLoaded')?.() }
  }

  /** A promise the test settles: the drawn photo painted. */
  function photoPainted() {
    let paint = () => {}
    const shown = new Promise<void>((resolve) => {
      paint = resolve
    })
    return { shown, paint }
  }

  const appCode = [
    { tag: 'link', rel: 'modulepreload', href: '/assets/index.js' },
    { tag: 'link', rel: 'modulepreload', href: '/assets/framework.js' },
    { tag: 'link', rel: 'modulepreload', href: '/assets/app-core.js' },
  ]
  const entry = { tag: 'script', type: 'module', src: '/assets/index.js' }

  afterEach(() => vi.useRealTimers())

  it('fetches nothing of the app until the photo has been painted, then its entry, imports and screen', async () => {
    vi.useFakeTimers()
    const { win, appended } = page()
    const { shown, paint } = photoPainted()
    startAppCode(built, ['/assets/search-code.js'], shown, win)
    await vi.advanceTimersByTimeAsync(built.appCodeWaitMs - 1)
    expect(appended).toEqual([])
    paint()
    await vi.advanceTimersByTimeAsync(0)
    expect(appended).toEqual([
      ...appCode,
      { tag: 'link', rel: 'modulepreload', href: '/assets/search-code.js' },
      entry,
    ])
    // Once: the wait's end starts nothing more.
    await vi.advanceTimersByTimeAsync(built.appCodeWaitMs)
    expect(appended).toHaveLength(5)
  })

  it(`starts the app after ${built.appCodeWaitMs} ms when the photo is slower, and only once`, async () => {
    vi.useFakeTimers()
    const { win, appended } = page()
    const { shown, paint } = photoPainted()
    startAppCode(built, [], shown, win)
    await vi.advanceTimersByTimeAsync(built.appCodeWaitMs)
    expect(appended).toEqual([...appCode, entry])
    paint()
    await vi.advanceTimersByTimeAsync(0)
    expect(appended).toHaveLength(4)
  })

  it('fetches the code at once where there is no photo to wait for, and runs the entry once the HTML is parsed', async () => {
    const { win, appended, parsed } = page('loading')
    startAppCode(built, [], Promise.resolve(), win)
    await Promise.resolve()
    // A module script in the HTML runs after the parse too: the entry renders into #root.
    expect(appended).toEqual(appCode)
    parsed()
    expect(appended).toEqual([...appCode, entry])
  })

  it('waits on a failed photo or request no longer than on a painted one', async () => {
    const { win, appended } = page()
    startAppCode(built, [], Promise.reject(new Error('offline')), win)
    await vi.waitFor(() => expect(appended).toEqual([...appCode, entry]))
  })
})

describe("index.html's inline script knows when the first photo it drew is on screen", () => {
  const app = { entry: '/assets/index.js', preload: [] }
  const built = earlyRequestConfig(env, screenCode, app, markup)

  /**
   * Explore's frame, enough for its drawing: a slide that takes the drawn photo, a photo whose decode the test
   * settles, animation frames the test runs, and (in Chromium) largest-paint reports the test sends.
   */
  function explore(largestPaint: boolean) {
    const appended: Record<string, unknown>[] = []
    let decode = () => {}
    const photo = { decode: () => new Promise<void>((resolve) => (decode = resolve)) }
    const frames: (() => void)[] = []
    const element = () => ({ append: () => {}, replaceChildren: () => {} })
    const document = {
      readyState: 'complete',
      createElement: (tag: string) => (tag === 'img' ? {} : { tag, ...element() }),
      head: { append: (el: Record<string, unknown>) => appended.push(el) },
      querySelector: (selector: string) =>
        selector === 'main[aria-hidden] img'
          ? photo
          : selector.endsWith('.recommended-slide')
            ? { ownerDocument: document, ...element() }
            : null,
    }
    let report: (entries: { element: unknown }[]) => void = () => {}
    class Observer {
      static supportedEntryTypes = ['largest-contentful-paint']
      constructor(callback: (list: { getEntries: () => unknown[] }, observer: Observer) => void) {
        report = (entries) => callback({ getEntries: () => entries }, this)
      }
      observe() {}
      disconnect() {}
    }
    const fetch = async () =>
      new Response(JSON.stringify([row]), { headers: { 'content-type': 'application/json' } })
    const win = {
      location: { pathname: '/', search: '' },
      navigator: { onLine: true },
      fetch,
      document,
      setTimeout,
      requestAnimationFrame: (frame: () => void) => frames.push(frame),
      ...(largestPaint ? { PerformanceObserver: Observer } : {}),
    } as unknown as Window
    const started = () => appended.some((el) => el.tag === 'script')
    return {
      win,
      started,
      photo,
      frames,
      report: (entries: { element: unknown }[]) => report(entries),
      /** Settles the photo's decode. */
      decoded: () => decode(),
    }
  }

  /** Explore opened, its first photo drawn (the app not started yet), then decoded. */
  async function decodedOn(largestPaint: boolean) {
    vi.useFakeTimers()
    const page = explore(largestPaint)
    startEarlyRequest(built, page.win)
    await vi.advanceTimersByTimeAsync(0)
    expect(page.started()).toBe(false)
    expect(page.frames).toHaveLength(0)
    page.decoded()
    return page
  }

  afterEach(() => vi.useRealTimers())

  it('in Chromium, starts the app once the photo is reported as painted', async () => {
    const page = await decodedOn(true)
    await vi.advanceTimersByTimeAsync(built.photoPaintWaitMs - 1)
    expect(page.started()).toBe(false)
    page.report([{ element: {} }])
    await vi.advanceTimersByTimeAsync(0)
    expect(page.started()).toBe(false)
    page.report([{ element: page.photo }])
    await vi.advanceTimersByTimeAsync(0)
    expect(page.started()).toBe(true)
  })

  it(`in Chromium, starts the app ${built.photoPaintWaitMs} ms after the decode when the photo is never the largest paint`, async () => {
    const page = await decodedOn(true)
    await vi.advanceTimersByTimeAsync(built.photoPaintWaitMs - 1)
    expect(page.started()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(page.started()).toBe(true)
  })

  it('elsewhere, starts the app two frames after the photo is decoded', async () => {
    const page = await decodedOn(false)
    await vi.advanceTimersByTimeAsync(0)
    page.frames.shift()?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(page.started()).toBe(false)
    page.frames.shift()?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(page.started()).toBe(true)
  })
})
