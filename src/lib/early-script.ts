import {
  drawFirstCards,
  drawFirstPhoto,
  drawFirstResults,
  drawFirstSlide,
  EARLY_DRAWING,
  type EarlySearchCopy,
} from './early-cards'
import type { EarlyWindow } from './early-request'
import { buildImageUrl, type ImageTransform } from './image-url'

/** The landing screens whose code is split from the entry: /search and a listing page. */
export type ScreenCode = { search: string; listing: string }

export type EarlyRequestConfig = {
  supabaseUrl: string
  anonKey: string
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
  /** Offers' and the category lists' titles (LIST_TITLES), and their Filter and sort link's text. */
  titles: { offers: string; rent: string; sale: string }
  filterAndSort: string
  /** The search screen's words above its results (SEARCH_COPY), and the Newest sort's label. */
  searchCopy: EarlySearchCopy
  /** The split code of the screens the entry does not hold (a build's file names): preloaded at once. */
  screenCode: ScreenCode
}

/**
 * Preloads the code of a screen the entry does not hold (/search, a listing page). On '/', a listing page,
 * Offers, a category's list and a search with nothing set, fires the anonymous PostgREST GET the app's fetcher
 * makes (same URL; listings are public, so a stored session would not change the answer), with the API key in
 * the URL where it can be, so that no CORS preflight holds it back. Once the answer names the first photo: on
 * a list, Explore, a listing page and a search with nothing set, while the app has not replaced index.html's
 * frame yet, it draws the first cards, the first Recommended slide, the first photo or the search's first
 * results into the frame; otherwise it preloads that photo at the size the screen shows it.
 *
 * Runs as index.html's inline script: it uses only its arguments, browser globals, and the functions
 * earlyRequestScript declares beside it (buildImageUrl, the drawings and their formatters).
 */
export function startEarlyRequest(c: EarlyRequestConfig, win: EarlyWindow): void {
  const path = win.location.pathname
  const listing = /^\/category\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
    path,
  )
  // The screen's own code, which the router would ask for only once the app's scripts have run.
  const code = path === '/search' ? c.screenCode.search : listing ? c.screenCode.listing : ''
  if (code) {
    const link = win.document.createElement('link')
    link.rel = 'modulepreload'
    link.href = code
    win.document.head.append(link)
  }
  if (!win.navigator.onLine) return
  const rest = `${c.supabaseUrl}/rest/v1/listings?select=${encodeURIComponent(c.columns)}`
  const category = /^\/category\/(rent|sale)$/.exec(path)
  const newest = 'order=created_at.desc%2Cid.desc'
  let url: string
  let cover = c.photo
  // A list's title: its first cards are drawn under it.
  let title = ''
  let prefer = ''
  if (path === '/') url = `${rest}&${newest}&limit=${c.recommendedCount}`
  else if (listing) url = `${rest}&id=eq.${listing[1]}`
  else if (path === '/offers') {
    url = `${rest}&offer=eq.true&${newest}&limit=${c.pageRows}`
    cover = c.card
    title = c.titles.offers
  } else if (category) {
    url = `${rest}&type=eq.${category[1]}&${newest}&limit=${c.pageRows}`
    cover = c.card
    title = c.titles[category[1] as 'rent' | 'sale']
  } else if (path === '/search' && !win.location.search) {
    // Every home, newest first: a search's first page with nothing set, which also counts them all.
    url = `${rest}&${newest}&limit=${c.searchRows}`
    cover = c.card
    prefer = 'count=exact'
  } else return
  // The API is another origin, and a request with headers of its own waits for a CORS preflight: a round trip
  // before the first answer. The key goes in the URL instead (the gateway reads `apikey` there too, and a
  // request with no Authorization is anonymous), so the GET goes at once. A count needs its Prefer header.
  const response = prefer
    ? win.fetch(url, { headers: { apikey: c.anonKey, Authorization: `Bearer ${c.anonKey}`, Prefer: prefer } })
    : win.fetch(`${url}&apikey=${encodeURIComponent(c.anonKey)}`)
  win.__roostEarly = { url, startedAt: Date.now(), response }
  // A counted answer's total: Content-Range `0-10/1234`.
  let total = Number.NaN
  response
    .then((r) => {
      total = Number(r.headers.get('content-range')?.split('/')[1])
      return r.ok ? r.clone().json() : []
    })
    .then((rows: { image_urls?: unknown[] }[]) => {
      const first = rows[0]?.image_urls?.[0]
      if (typeof first !== 'string') return
      const imageUrl = (url: string) =>
        buildImageUrl(url, cover, { enabled: c.imageTransforms, supabaseUrl: c.supabaseUrl })
      // The frame's page while React has not mounted (React's own <main> is not hidden).
      const framePage = () => win.document.querySelector('main[aria-hidden] > .page')
      const frame = title ? framePage() : null
      if (frame) {
        const header = { title, action: c.filterAndSort }
        return drawFirstCards(frame, header, rows, c.firstCards, imageUrl)
      }
      const results = path === '/search' ? framePage() : null
      if (results && drawFirstResults(results, c.searchCopy, rows, total, c.firstCards, imageUrl)) return
      const slide = path === '/' ? win.document.querySelector('main[aria-hidden] .recommended-slide') : null
      if (slide) return drawFirstSlide(slide, rows, imageUrl)
      const page = listing ? framePage() : null
      if (page) return drawFirstPhoto(page, rows, imageUrl)
      const link = win.document.createElement('link')
      link.rel = 'preload'
      link.as = 'image'
      link.crossOrigin = 'anonymous'
      link.fetchPriority = 'high'
      link.href = imageUrl(first)
      win.document.head.append(link)
    })
    .catch(() => {})
}

/**
 * The inline script for index.html: startEarlyRequest's own source, called with the build's configuration,
 * in a scope that declares the functions it calls by their own source.
 */
export function earlyRequestScript(c: EarlyRequestConfig): string {
  const declared = [buildImageUrl, ...EARLY_DRAWING].map(String).join('\n')
  return `(()=>{${declared}\n(${startEarlyRequest.toString()})(${JSON.stringify(c)},window)})()`
}
