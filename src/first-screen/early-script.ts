// Declared beside this file's functions in the inline script: every helper of the one module it may call.
import {
  buildImageUrl,
  holdsSession,
  type ImageTransform,
  type ListingsRead,
  listingsReadUrl,
} from '../utils/inline-script-helpers'
import {
  drawFirstCards,
  drawFirstPhoto,
  drawFirstResults,
  drawFirstSlide,
  type EarlyMarkup,
} from './early-cards'
import type { EarlyWindow } from './early-request'

/**
 * The landing screens whose code is split from the entry (/search and a listing page), and PostgREST's client,
 * which a screen needs at once when the early request does not serve it (a build's file names).
 */
export type ScreenCode = { search: string; listing: string; reads: string }

/** The app's entry module and the modules it imports statically (a build's file names). */
export type AppCode = { entry: string; preload: string[] }

/**
 * How long the app's code waits for the first photo at most, from the moment the HTML's head is read: on a
 * network too slow to show the photo by then, the code goes beside it.
 */
export const APP_CODE_WAIT_MS = 1500

/**
 * Where the browser reports the photo's paint (Chromium), how long after it is decoded the app's code waits
 * for that report at most: none comes when something larger was painted before it.
 */
export const PHOTO_PAINT_WAIT_MS = 250

export type EarlyRequestConfig = {
  supabaseUrl: string
  anonKey: string
  /** The sessionStorage key that says this tab's API refuses the key in a URL (KEY_IN_URL_REFUSED). */
  keyInUrlRefused: string
  /** The listing columns the app selects (LISTING_COLUMNS). */
  columns: string
  /** How many listings Explore's slider asks for (RECOMMENDED_COUNT). */
  recommendedCount: number
  imageTransforms: boolean
  /** The slider's and gallery's photo size (LISTING_IMAGE.photo). */
  photo: ImageTransform
  /** How many rows a list's first page asks for (PAGE_SIZE + 1: one more shows whether there is a next). */
  pageRows: number
  /** How many rows a search's first page asks for (SEARCH_PAGE_SIZE + 1). */
  searchRows: number
  /** A card's cover size (LISTING_IMAGE.card). */
  card: ImageTransform
  /** How many of a list's cards a phone shows before scrolling (FIRST_SCREEN_CARDS): drawn from the answer. */
  firstCards: number
  /** Offers' and the category lists' titles (LIST_TITLES). */
  titles: { offers: string; rent: string; sale: string }
  /** The drawings' markup, rendered from their components by the build (build/first-screen/early-markup.tsx). */
  markup: EarlyMarkup
  /** The split code of the screens the entry does not hold (a build's file names). */
  screenCode: ScreenCode
  /** The app's own code, which index.html leaves to this script to start (a build; none in development). */
  app: AppCode | null
  /** How long the app's code waits for the first photo at most (APP_CODE_WAIT_MS). */
  appCodeWaitMs: number
  /** How long after the first photo is decoded the screen may take to show it (PHOTO_PAINT_WAIT_MS). */
  photoPaintWaitMs: number
}

/**
 * index.html's inline script: starts the first screen's data request, draws its answer into the frame, and
 * then starts the app's code (startAppCode).
 */
export function startEarlyRequest(c: EarlyRequestConfig, win: EarlyWindow): void {
  const path = win.location.pathname
  const listing = /^\/category\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
    path,
  )
  // The screen's own code, which the router would ask for only once the app's scripts have run.
  const screen = path === '/search' ? c.screenCode.search : listing ? c.screenCode.listing : ''
  const shown = drawFirstScreen(c, win, path, listing?.[1])
  // A screen the early request does not serve reads through PostgREST's client as soon as it starts; a
  // visitor's Saved Homes reads the device alone (a signed-in person's is kept in step with the server).
  const deviceOnly = path === '/saved' && !holdsSession(c.supabaseUrl, win)
  const reads = win.__roostEarly || deviceOnly || !win.navigator.onLine ? '' : c.screenCode.reads
  startAppCode(c, [screen, reads], shown, win)
}

/**
 * On '/', a listing page, Offers, a category's list and a search with nothing set, fires the anonymous
 * PostgREST GET the app's fetcher makes (same URL; listings are public, so a stored session would not change
 * the answer), with the API key in the URL where it can be, so that no CORS preflight holds it back. Once the
 * answer names the first photo: on a list, Explore, a listing page and a search with nothing set, while the
 * app has not replaced index.html's frame yet, it draws the first cards, the first Recommended slide, the
 * first photo or the search's first results into the frame; otherwise it preloads that photo at the size the
 * screen shows it. Settles once the drawn photo has been painted, or when there is none to wait for.
 */
export function drawFirstScreen(
  c: EarlyRequestConfig,
  win: EarlyWindow,
  path: string,
  listingId: string | undefined,
): Promise<unknown> {
  if (!win.navigator.onLine) return Promise.resolve()
  const early = earlyReadOf(c, path, listingId, win.location.search)
  if (!early) return Promise.resolve()
  const { url, cover, title, withCount } = early
  // The API is another origin, and a request with headers of its own waits for a CORS preflight: a round trip
  // before the first answer. The key goes in the URL instead (the gateway reads `apikey` there too, and a
  // request with no Authorization is anonymous), so the GET goes at once; where this tab learnt that the API
  // refuses the key in a URL (publicReadFetch), it goes in headers.
  let keyInUrl = true
  try {
    if (win.sessionStorage?.getItem(c.keyInUrlRefused) === '1') keyInUrl = false
  } catch {
    // Storage blocked: the URL is tried.
  }
  const headers: Record<string, string> = { apikey: c.anonKey, Authorization: `Bearer ${c.anonKey}` }
  const get = (address: string) =>
    keyInUrl
      ? win.fetch(`${address}${address.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(c.anonKey)}`)
      : win.fetch(address, { headers })
  const counted = withCount
    ? get(`${c.supabaseUrl}/rest/v1/rpc/count_homes`)
        .then((r) => (r.ok ? r.json() : Number.NaN))
        .catch(() => Number.NaN)
    : Promise.resolve(Number.NaN)
  const response = get(url)
  win.__roostEarly = { url, startedAt: Date.now(), response }
  let total = Number.NaN
  return response
    .then((r) => (r.ok ? r.clone().json() : []))
    .then((rows: { image_urls?: unknown[] }[]) =>
      counted.then((n) => {
        total = Number(n)
        return rows
      }),
    )
    .then((rows: { image_urls?: unknown[] }[]) => {
      const first = rows[0]?.image_urls?.[0]
      if (typeof first !== 'string') return
      const imageUrl = (url: string) =>
        buildImageUrl(url, cover, { enabled: c.imageTransforms, supabaseUrl: c.supabaseUrl })
      // The frame's page while React has not mounted (React's own <main> is not hidden).
      const framePage = () => win.document.querySelector('main[aria-hidden] > .page')
      const frame = title ? framePage() : null
      const results = path === '/search' ? framePage() : null
      const slide = path === '/' ? win.document.querySelector('main[aria-hidden] .recommended-slide') : null
      const page = listingId ? framePage() : null
      if (frame) drawFirstCards(frame, title, rows, c.firstCards, c.markup, imageUrl)
      else if (results && drawFirstResults(results, rows, total, c.firstCards, c.markup, imageUrl)) {
        // Drawn.
      } else if (slide) drawFirstSlide(slide, rows, c.markup.slide, imageUrl)
      else if (page) drawFirstPhoto(page, rows, c.markup.galleryPhoto, imageUrl)
      else {
        const link = win.document.createElement('link')
        link.rel = 'preload'
        link.as = 'image'
        link.crossOrigin = 'anonymous'
        link.fetchPriority = 'high'
        link.href = imageUrl(first)
        win.document.head.append(link)
        return
      }
      return photoPainted(c, win)
    })
    .catch(() => {})
}

/**
 * What the early request reads for a screen: its URL, the size its photos are shown at, a list's title (its
 * first cards are drawn under it) and whether the count goes with it (a search with nothing set: count_homes,
 * exact below 1,000, else `1,000+`). Null for a screen not drawn early.
 */
export function earlyReadOf(
  c: EarlyRequestConfig,
  path: string,
  listingId: string | undefined,
  query: string,
) {
  const read = (listings: ListingsRead) => listingsReadUrl(c.supabaseUrl, c.columns, listings)
  const category = /^\/category\/(rent|sale)$/.exec(path)
  const list = { cover: c.card, withCount: false }
  if (path === '/')
    return { url: read({ limit: c.recommendedCount }), cover: c.photo, title: '', withCount: false }
  if (listingId) return { url: read({ id: listingId }), cover: c.photo, title: '', withCount: false }
  if (path === '/offers')
    return { ...list, url: read({ offer: true, limit: c.pageRows }), title: c.titles.offers }
  if (category) {
    const type = category[1] as 'rent' | 'sale'
    return { ...list, url: read({ type, limit: c.pageRows }), title: c.titles[type] }
  }
  // Every home, newest first: a search's first page with nothing set, and how many there are (capped).
  if (path === '/search' && !query)
    return { url: read({ limit: c.searchRows }), cover: c.card, title: '', withCount: true }
  return null
}

/**
 * Settles once the first photo drawn is decoded (or failed) and on screen. Chromium reports the moment the
 * screen showed it, as the page's largest paint so far (or, when something larger came first, reports
 * nothing: then photoPaintWaitMs after the decode); elsewhere, two frames after the decode.
 */
export function photoPainted(c: EarlyRequestConfig, win: EarlyWindow): Promise<unknown> | undefined {
  const photo = win.document.querySelector<HTMLImageElement>('main[aria-hidden] img')
  if (!photo) return
  const nextFrame = () => new Promise((frame) => win.requestAnimationFrame(frame))
  const decoded = photo.decode().catch(() => {})
  const Observer = win.PerformanceObserver
  if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint'))
    return decoded.then(nextFrame).then(nextFrame)
  return new Promise((shown) => {
    const observer = new Observer((list) => {
      if (!list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === photo)) return
      observer.disconnect()
      shown(0)
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
    decoded.then(() =>
      win.setTimeout(() => {
        observer.disconnect()
        shown(0)
      }, c.photoPaintWaitMs),
    )
  })
}

/**
 * Starts the app's code (a build's entry and the modules it imports, and `screenCode`: the screen's own chunk
 * and what it reads with, where it needs them at once) once the first screen's photo has been painted
 * (`shown`), or after c.appCodeWaitMs, whichever comes first: on a slow network the data request and
 * the photo then have the connection to themselves, and the photo is painted before the app's scripts take
 * the main thread. Screens with no photo to wait for start the code at once, as a module script in the HTML
 * would. The entry runs once the HTML has been parsed, as a module script in the HTML does.
 */
export function startAppCode(
  c: EarlyRequestConfig,
  screenCode: string[],
  shown: Promise<unknown>,
  win: EarlyWindow,
) {
  const doc = win.document
  let started = false
  const start = () => {
    if (started) return
    started = true
    const app = c.app
    for (const href of [...(app ? [app.entry, ...app.preload] : []), ...screenCode]) {
      if (!href) continue
      const link = doc.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      doc.head.append(link)
    }
    if (!app) return
    const run = () => {
      const script = doc.createElement('script')
      script.type = 'module'
      script.src = app.entry
      doc.head.append(script)
    }
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run)
    else run()
  }
  shown.then(start, start)
  win.setTimeout(start, c.appCodeWaitMs)
}
