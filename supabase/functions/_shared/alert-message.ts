/**
 * What a new-home alert says: the push payload the service worker shows. Plain TypeScript with no
 * runtime imports, so the Edge Function (Deno) and the tests (Node) use the same code.
 */

/** A saved search's parameters, as saved_searches.params holds them (the /search URL's, without view). */
export type SearchParams = {
  /** Legacy text (converted on the server to place or keywords; kept for payloads of older rows). */
  q?: string
  /** A place's id (public.places), and miles from its centre. */
  place?: number
  radius?: string
  keywords?: string
  /** A drawn area, as an encoded polyline. */
  area?: string
  type?: 'rent' | 'sale'
  minPrice?: number
  maxPrice?: number
  minBeds?: number
  minBaths?: number
  parking?: true
  furnished?: true
  offer?: true
  /** Off keeps to available homes (on, the default, is never written). */
  underOffer?: false
  sort?: 'price-asc' | 'price-desc' | 'reduced'
  bbox?: string
}

/** The payload, JSON-encoded and encrypted for each browser. */
export type AlertPayload = { title: string; body: string; url: string; tag: string }

/** The keys of /search's URL, in the order the app writes them. */
const URL_KEYS = [
  'q',
  'place',
  'radius',
  'keywords',
  'area',
  'type',
  'minPrice',
  'maxPrice',
  'minBeds',
  'minBaths',
  'parking',
  'furnished',
  'offer',
  'underOffer',
  'sort',
  'bbox',
] as const

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`

/** The search in a few words, from its filters: `Rent · Hackney · 2+ beds · up to £2,000`. */
export function describeSearch(params: SearchParams): string {
  const parts: string[] = []
  if (params.type) parts.push(params.type === 'rent' ? 'Rent' : 'Sale')
  if (params.q) parts.push(params.q.trim())
  if (params.keywords) parts.push(params.keywords.trim())
  if (params.place !== undefined && params.radius)
    parts.push(`Within ${params.radius} ${params.radius === '1' ? 'mile' : 'miles'}`)
  if (params.area) parts.push('Drawn area')
  if (params.minBeds !== undefined) parts.push(`${params.minBeds}+ ${params.minBeds === 1 ? 'bed' : 'beds'}`)
  if (params.minBaths !== undefined)
    parts.push(`${params.minBaths}+ ${params.minBaths === 1 ? 'bath' : 'baths'}`)
  const { minPrice, maxPrice } = params
  if (minPrice !== undefined && maxPrice !== undefined) parts.push(`${pounds(minPrice)}–${pounds(maxPrice)}`)
  else if (maxPrice !== undefined) parts.push(`up to ${pounds(maxPrice)}`)
  else if (minPrice !== undefined) parts.push(`from ${pounds(minPrice)}`)
  if (params.parking) parts.push('Parking')
  if (params.furnished) parts.push('Furnished')
  if (params.offer) parts.push('Offers')
  if (params.underOffer === false) parts.push('Available only')
  if (params.bbox) parts.push('Map area')
  return parts.length > 0 ? parts.join(' · ') : 'All homes'
}

/** `/search?<the search's parameters>&from=<saved search id>`: opens the saved search, new homes first. */
export function alertUrl(params: SearchParams, savedSearchId: string): string {
  const query = new URLSearchParams()
  for (const key of URL_KEYS) {
    const value = params[key]
    if (value !== undefined) query.set(key, String(value))
  }
  query.set('from', savedSearchId)
  return `/search?${query.toString()}`
}

/** The longest title kept: notifications cut long titles anyway, and the payload stays small. */
const MAX_TITLE_LENGTH = 120

/**
 * The alert for one saved search: `2 new homes · Rent · Hackney · 2+ beds`, the newest home's name as
 * the body, the link that opens the search, and a tag per saved search so a later alert replaces an
 * earlier one on the device instead of piling up.
 */
export function alertPayload(
  savedSearchId: string,
  params: SearchParams,
  homeNames: readonly string[],
): AlertPayload {
  const count = homeNames.length
  const title = `${count} new ${count === 1 ? 'home' : 'homes'} · ${describeSearch(params)}`
  return {
    title: title.length > MAX_TITLE_LENGTH ? `${title.slice(0, MAX_TITLE_LENGTH - 1)}…` : title,
    body: homeNames[0] ?? '',
    url: alertUrl(params, savedSearchId),
    tag: `saved-search-${savedSearchId}`,
  }
}

/**
 * The Web Push `Topic` of a saved search's alerts (RFC 8030 §5.4: at most 32 URL-safe base64
 * characters): a push service keeps only the latest undelivered message of a topic, so an alert sent
 * again after a sender died replaces the first rather than arriving twice.
 */
export const alertTopic = (savedSearchId: string): string => savedSearchId.replaceAll('-', '')
