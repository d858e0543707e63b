// The helpers index.html's inline script calls, which the app calls too. The inline script declares every
// function here side by side from its own source (build/first-screen/inline-script.ts), so a function may use
// only browser globals and the others here, by name, and this module imports nothing (lint/self-contained.grit).

/** Whole pounds with comma thousands, e.g. 1250000 → "£1,250,000". */
export function formatPounds(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  const digits = Math.round(Math.abs(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}£${digits}`
}

export type Priced = {
  type: 'rent' | 'sale'
  offer: boolean
  regularPrice: number
  discountedPrice: number | null
}

/** The price a listing asks: the discounted price when it is on offer. */
export function askingPrice(listing: Priced): number {
  return listing.offer && listing.discountedPrice !== null ? listing.discountedPrice : listing.regularPrice
}

/** The asking price as shown everywhere: "£1,250" plus " / month" for rent. */
export function formatListingPrice(listing: Priced): string {
  const price = formatPounds(askingPrice(listing))
  return listing.type === 'rent' ? `${price} / month` : price
}

/** How much an offer takes off the regular price, or null when there is no offer. */
export function offerDiscount(listing: Priced): number | null {
  if (!listing.offer || listing.discountedPrice === null) return null
  return listing.regularPrice - listing.discountedPrice
}

/**
 * A status as people read it: `Under offer`, `Sold STC`, `Let agreed`… The badge shows it for every status
 * but `available`; an unknown status reads as available (a newer server's word this app does not know).
 */
export function statusLabel(status: string | undefined): string {
  const LABELS: Record<string, string> = {
    available: 'Available',
    under_offer: 'Under offer',
    sold_stc: 'Sold STC',
    sold: 'Sold',
    let_agreed: 'Let agreed',
    let: 'Let',
  }
  return (status !== undefined && LABELS[status]) || 'Available'
}

/** The status badge's text, or null for an available home (no badge). */
export function statusBadge(status: string | undefined): string | null {
  const label = statusLabel(status)
  return label === 'Available' ? null : label
}

/** Whether the price a person pays fell within the last 30 days: the card's `Reduced`. */
export function isRecentlyReduced(
  priceReducedAt: string | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!priceReducedAt) return false
  const at = new Date(priceReducedAt).getTime()
  return !Number.isNaN(at) && now - at <= 30 * 86_400_000
}

/**
 * "1 Bedroom", "3 Bedrooms": the singular form for exactly one (spec §2).
 */
export function pluralise(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/**
 * When a home was added, in the viewer's calendar: "Added today", "Added yesterday", "Added on 3 Nov",
 * or "Added on 3 Nov 2025" when not this year. A time ahead of the device's clock counts as today.
 */
export function formatAdded(createdAt: string, now: Date = new Date()): string {
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
  const added = new Date(createdAt)
  if (Number.isNaN(added.getTime())) return ''
  const days = Math.round((dayStart(now) - dayStart(added)) / 86_400_000)
  if (days <= 0) return 'Added today'
  if (days === 1) return 'Added yesterday'
  const date = `${added.getDate()} ${MONTHS[added.getMonth()]}`
  return added.getFullYear() === now.getFullYear()
    ? `Added on ${date}`
    : `Added on ${date} ${added.getFullYear()}`
}

/**
 * The results heading: "1 home", "999 homes"; from 1,000 on, "1,000+ homes", as property portals say it: the
 * server counts no further (count_homes reads at most 1,001 rows), and below that counts are exact.
 */
export function formatHomeCount(count: number): string {
  const cap = 1000
  const digits = String(Math.min(count, cap)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  if (count >= cap) return `${digits}+ homes`
  return `${digits} ${count === 1 ? 'home' : 'homes'}`
}

/** A property type as people read it (`semi_detached` → `Semi-detached house`); the value itself when unknown. */
export function propertyTypeLabel(type: string): string {
  const LABELS: Record<string, string> = {
    flat: 'Flat',
    maisonette: 'Maisonette',
    terraced: 'Terraced house',
    semi_detached: 'Semi-detached house',
    detached: 'Detached house',
    bungalow: 'Bungalow',
    cottage: 'Cottage',
    studio: 'Studio',
    other: 'Other',
  }
  return LABELS[type] ?? type
}

/** A floor area in m², as stored: `62`, `62.5`, `1,250`. */
export function formatSquareMetres(m2: number): string {
  const tenths = Math.round(m2 * 10)
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return tenths % 10 === 0 ? whole : `${whole}.${tenths % 10}`
}

/**
 * A card's line of property facts, `Flat · 62 m² · EPC C`, of the parts known (an exempt home says
 * `EPC exempt`); null when none is. Null and absent (a device's copy from before the facts) are not known.
 */
export function propertyFactsLine(facts: {
  propertyType?: string | null
  floorAreaM2?: number | null
  epcRating?: string | null
}): string | null {
  const parts: string[] = []
  if (facts.propertyType != null) parts.push(propertyTypeLabel(facts.propertyType))
  if (facts.floorAreaM2 != null) parts.push(`${formatSquareMetres(facts.floorAreaM2)} m²`)
  if (facts.epcRating != null)
    parts.push(facts.epcRating === 'exempt' ? 'EPC exempt' : `EPC ${facts.epcRating}`)
  return parts.length > 0 ? parts.join(' · ') : null
}

export type ImageTransform = {
  width: number
  height?: number
  resize?: 'cover' | 'contain'
  quality?: number
}

export type ImageUrlConfig = { enabled: boolean; supabaseUrl: string }

/**
 * A public Storage image's address, resized by Supabase's image transformation endpoint (as storage-js's
 * getPublicUrl(path, { transform }) builds it). Other addresses, and every address when transforms are
 * off (VITE_IMAGE_TRANSFORMS=off, e.g. a hosted plan without them), stay as they are.
 */
export function buildImageUrl(url: string, transform: ImageTransform, config: ImageUrlConfig): string {
  const objectPrefix = `${config.supabaseUrl}/storage/v1/object/public/`
  if (!config.enabled || !url.startsWith(objectPrefix)) return url
  const params = new URLSearchParams({ width: String(transform.width) })
  if (transform.height) params.set('height', String(transform.height))
  params.set('resize', transform.resize ?? 'cover')
  if (transform.quality) params.set('quality', String(transform.quality))
  const path = url.slice(objectPrefix.length).split('?')[0]
  return `${config.supabaseUrl}/storage/v1/render/image/public/${path}?${params}`
}

/** Where supabase-js keeps the session in localStorage: its default key for a project URL. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}

/** Whether supabase-js has stored a session in this browser (it may have expired; unreadable storage: none). */
export function holdsSession(supabaseUrl: string, win: Pick<Window, 'localStorage'>): boolean {
  try {
    return win.localStorage.getItem(authStorageKey(supabaseUrl)) !== null
  } catch {
    return false
  }
}

/** One of the first screens' reads of public listings: one listing, or the newest of a list. */
export type ListingsRead = { id: string } | { offer?: true; type?: string; limit: number }

/**
 * The URL of a first screen's read, exactly as PostgREST's client writes the same query: index.html's inline
 * script fires it before the app's code arrives, and the app takes the answer by this URL. A listing's page
 * reads public.listings (its page opens after it left the market); a list reads the homes on the market,
 * public.market_listings.
 */
export function listingsReadUrl(supabaseUrl: string, columns: string, read: ListingsRead): string {
  const select = `?select=${encodeURIComponent(columns)}`
  if ('id' in read) return `${supabaseUrl}/rest/v1/listings${select}&id=eq.${read.id}`
  const offer = read.offer ? '&offer=eq.true' : ''
  const type = read.type ? `&type=eq.${read.type}` : ''
  return `${supabaseUrl}/rest/v1/market_listings${select}${offer}${type}&order=created_at.desc%2Cid.desc&limit=${read.limit}`
}
