import type { buildImageUrl, ImageTransform } from './image-url'

/** The first screen's data request, started by index.html's inline script before the app's JS arrives. */
export type EarlyRequest = { url: string; startedAt: number; response: Promise<Response> }

declare global {
  interface Window {
    __roostEarly?: EarlyRequest
  }
}

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
  /** A card's cover size (LISTING_IMAGE.card). */
  card: ImageTransform
}

type EarlyWindow = Pick<Window, 'location' | 'navigator' | 'fetch' | 'document'> & {
  __roostEarly?: EarlyRequest
}

/**
 * On '/', a listing page, Offers and a category's list, fires the anonymous PostgREST GET the app's fetcher
 * makes (same URL and headers; listings are public, so a stored session would not change the answer) and
 * preloads the first photo, at the size that screen shows it, as soon as the answer names it. Runs as
 * index.html's inline script: self-contained, it uses only its arguments.
 */
export function startEarlyRequest(
  c: EarlyRequestConfig,
  imageUrl: typeof buildImageUrl,
  win: EarlyWindow,
): void {
  if (!win.navigator.onLine) return
  const path = win.location.pathname
  const rest = `${c.supabaseUrl}/rest/v1/listings?select=${encodeURIComponent(c.columns)}`
  const listing = /^\/category\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
    path,
  )
  const category = /^\/category\/(rent|sale)$/.exec(path)
  const newest = 'order=created_at.desc%2Cid.desc'
  let url: string
  let cover = c.photo
  if (path === '/') url = `${rest}&${newest}&limit=${c.recommendedCount}`
  else if (listing) url = `${rest}&id=eq.${listing[1]}`
  else if (path === '/offers') {
    url = `${rest}&offer=eq.true&${newest}&limit=${c.pageRows}`
    cover = c.card
  } else if (category) {
    url = `${rest}&type=eq.${category[1]}&${newest}&limit=${c.pageRows}`
    cover = c.card
  } else return
  const response = win.fetch(url, { headers: { apikey: c.anonKey, Authorization: `Bearer ${c.anonKey}` } })
  win.__roostEarly = { url, startedAt: Date.now(), response }
  response
    .then((r) => (r.ok ? r.clone().json() : []))
    .then((rows: { image_urls?: unknown[] }[]) => {
      const first = rows[0]?.image_urls?.[0]
      if (typeof first !== 'string') return
      const link = win.document.createElement('link')
      link.rel = 'preload'
      link.as = 'image'
      link.crossOrigin = 'anonymous'
      link.fetchPriority = 'high'
      link.href = imageUrl(first, cover, { enabled: c.imageTransforms, supabaseUrl: c.supabaseUrl })
      win.document.head.append(link)
    })
    .catch(() => {})
}

/** An early answer older than this is not used: the app fetches afresh. */
const MAX_AGE_MS = 15_000

/** The early request's response if it is for this URL (once; the next caller fetches normally). */
export function takeEarlyResponse(url: string, win: EarlyWindow = window): Promise<Response> | undefined {
  const early = win.__roostEarly
  if (!early || early.url !== url) return undefined
  win.__roostEarly = undefined
  return Date.now() - early.startedAt <= MAX_AGE_MS ? early.response : undefined
}

/** The inline script for index.html: startEarlyRequest's own source, called with the build's configuration. */
export function earlyRequestScript(c: EarlyRequestConfig, imageUrl: typeof buildImageUrl): string {
  return `(${startEarlyRequest.toString()})(${JSON.stringify(c)},${imageUrl.toString()},window)`
}
