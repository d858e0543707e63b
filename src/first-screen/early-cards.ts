import type { ListingRow } from '../types/listing'
// Declared beside the drawings in the inline script: every helper of the one module they may call.
import {
  formatAdded,
  formatHomeCount,
  formatListingPrice,
  formatPounds,
  isRecentlyReduced,
  offerDiscount,
  type Priced,
  pluralise,
  propertyFactsLine,
  statusBadge,
} from '../utils/inline-script-helpers'

/**
 * What index.html's inline script draws before the app's JS arrives: a list's header and first cards,
 * Explore's first Recommended slide, a listing page's first photo and a search's controls and first results,
 * from the early request's answer (src/first-screen/early-script.ts), so that a phone on a slow network shows
 * the first homes, photos and all, a second sooner. All of it is the components' own markup: the build renders
 * them to templates (build/first-screen/early-markup.tsx), and the script fills copies of them with a row's
 * words, escaped as React escapes them, so they keep their size and place when React replaces the frame, and
 * a change to a component changes its early drawing with it. Nothing drawn is a link or takes focus: the
 * frame is hidden from assistive technology, and the search's controls are inert. Rows that do not look like
 * listings draw nothing.
 *
 * Every function here is self-contained but for the others in EARLY_DRAWING and the helpers of
 * src/utils/inline-script-helpers.ts: the inline script declares them all side by side, from their own source.
 */

/** What the drawings show of a listings row, as PostgREST answers it. */
export type EarlyCardRow = Pick<
  ListingRow,
  | 'type'
  | 'name'
  | 'location'
  | 'bedrooms'
  | 'bathrooms'
  | 'offer'
  | 'regular_price'
  | 'discounted_price'
  | 'image_urls'
  | 'created_at'
  | 'status'
  | 'price_reduced_at'
  | 'property_type'
  | 'floor_area_m2'
  | 'epc_rating'
>

/** An element of `doc` with a class and children (strings become text nodes). */
export function earlyElement(doc: Document, tag: string, className: string, ...children: (Node | string)[]) {
  const element = doc.createElement(tag)
  if (className) element.className = className
  element.append(...children)
  return element
}

/** A row's prices in the formatters' words. */
export function earlyPriced(row: EarlyCardRow): Priced {
  return {
    type: row.type,
    offer: row.offer,
    regularPrice: row.regular_price,
    discountedPrice: row.discounted_price,
  }
}

/** Whether a row has what a card shows, of the kinds it shows. */
export function isEarlyCardRow(row: EarlyCardRow | undefined): row is EarlyCardRow {
  return (
    typeof row === 'object' &&
    row !== null &&
    typeof row.name === 'string' &&
    typeof row.location === 'string' &&
    typeof row.bedrooms === 'number' &&
    typeof row.bathrooms === 'number' &&
    typeof row.regular_price === 'number' &&
    typeof row.created_at === 'string' &&
    Array.isArray(row.image_urls)
  )
}

/**
 * A template of a component's markup, as the build renders it (build/first-screen/early-markup.tsx): markup with holes
 * (\uE000key\uE000, filled with a value's escaped text) and groups [conditions, ...parts], drawn only when
 * every condition (space-separated flag names) holds.
 */
export type EarlyTemplatePart = string | [string, ...EarlyTemplatePart[]]
export type EarlyTemplate = EarlyTemplatePart[]

/**
 * The templates the early drawings fill: a list's card, a search result's card, Explore's slide, a list's
 * header, /search above its results and a listing's first photo in its gallery.
 */
export type EarlyMarkup = {
  card: EarlyTemplate
  resultCard: EarlyTemplate
  slide: EarlyTemplate
  listHeader: EarlyTemplate
  searchTop: EarlyTemplate
  galleryPhoto: EarlyTemplate
}

/** Text escaped exactly as React escapes text and attribute values in markup. */
export function earlyEscape(text: string): string {
  const ENTITIES: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#x27;',
  }
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)
}

/** A template's markup for these values and flags. */
export function earlyFill(
  template: EarlyTemplate,
  values: Record<string, string | null>,
  flags: Record<string, boolean>,
): string {
  return template
    .map((part) => {
      if (typeof part === 'string')
        return part.replace(/\uE000(\w+)\uE000/g, (_, key: string) => earlyEscape(values[key] ?? ''))
      const [conditions, ...inner] = part
      return conditions.split(' ').every((flag) => flags[flag]) ? earlyFill(inner, values, flags) : ''
    })
    .join('')
}

/** What a card or slide shows of a row: its words (null where it shows none) and the flags of its parts. */
export function earlyCardParts(
  row: EarlyCardRow,
  coverUrl: (url: string) => string,
): { values: Record<string, string | null>; flags: Record<string, boolean> } {
  const priced = earlyPriced(row)
  const cover = row.image_urls[0]
  const status = statusBadge(row.status)
  const discount = offerDiscount(priced) !== null
  const reduced = isRecentlyReduced(row.price_reduced_at)
  const facts = propertyFactsLine({
    propertyType: row.property_type,
    floorAreaM2: row.floor_area_m2,
    epcRating: row.epc_rating,
  })
  return {
    values: {
      cover: typeof cover === 'string' ? coverUrl(cover) : null,
      status,
      name: row.name,
      location: row.location,
      type: row.type === 'rent' ? 'For Rent' : 'For Sale',
      regular: discount ? formatPounds(priced.regularPrice) : null,
      price: formatListingPrice(priced),
      bedrooms: pluralise(row.bedrooms, 'Bedroom', 'Bedrooms'),
      bathrooms: pluralise(row.bathrooms, 'Bathroom', 'Bathrooms'),
      added: formatAdded(row.created_at),
      facts,
    },
    flags: {
      cover: typeof cover === 'string',
      offer: row.offer,
      status: status !== null,
      reduced,
      badges: row.offer || status !== null || reduced,
      discount,
      facts: facts !== null,
    },
  }
}

/** Explore's first Recommended slide into the frame's `.recommended-slide`, from RecommendedSlide's template. */
export function drawFirstSlide(
  slide: Element,
  rows: unknown[],
  template: EarlyTemplate,
  coverUrl: (url: string) => string,
): void {
  const row = rows[0] as EarlyCardRow | undefined
  if (!isEarlyCardRow(row) || typeof row.image_urls[0] !== 'string') return
  const { values, flags } = earlyCardParts(row, coverUrl)
  slide.innerHTML = earlyFill(template, values, flags)
}

/**
 * A listing page's first photo into the frame's `.page`, where ListingGallery
 * (src/features/listings/components/listing-gallery.tsx) shows it: the top of the page, in the gallery's box.
 */
export function drawFirstPhoto(
  page: Element,
  rows: unknown[],
  template: EarlyTemplate,
  coverUrl: (url: string) => string,
): void {
  const row = rows[0] as EarlyCardRow | undefined
  const photo = row?.image_urls?.[0]
  if (!isEarlyCardRow(row) || typeof photo !== 'string') return
  page.classList.add('listing-page')
  const photos = String(row.image_urls.length)
  page.innerHTML = earlyFill(template, { cover: coverUrl(photo), name: row.name, photos }, {})
}

/** A list of the first `count` cards, filled from a ListingCard template. Null when a row is not a listing. */
export function earlyCardList(
  doc: Document,
  rows: unknown[],
  count: number,
  coverUrl: (url: string) => string,
  template: EarlyTemplate,
): HTMLUListElement | null {
  const cards = rows.slice(0, count) as EarlyCardRow[]
  if (cards.length === 0 || !cards.every(isEarlyCardRow)) return null
  const list = earlyElement(doc, 'ul', 'listing-list') as HTMLUListElement
  list.innerHTML = cards
    .map((row) => {
      const { values, flags } = earlyCardParts(row, coverUrl)
      return earlyFill(template, values, flags)
    })
    .join('')
  return list
}

/**
 * A list's header and first `count` cards into the frame's `.page`, as PageHeader and ListingCard
 * (src/components/listing-card.tsx) draw them, from their templates; the header's Filter and sort link as a
 * picture of one.
 */
export function drawFirstCards(
  page: Element,
  title: string,
  rows: unknown[],
  count: number,
  markup: EarlyMarkup,
  coverUrl: (url: string) => string,
): void {
  const list = earlyCardList(page.ownerDocument, rows, count, coverUrl, markup.card)
  if (!list) return
  page.innerHTML = earlyFill(markup.listHeader, { title }, {})
  page.append(list)
}

/**
 * A search with nothing set into the frame's `.page`, as SearchScreen
 * (src/features/search/components/search-screen.tsx) draws it at a phone's width: the title, the controls
 * as they stand, Save search and the List and Map switch (their template), then the count of every home and
 * the first `count` cards. The page is inert, so none of the controls takes focus or a tap. Whether it drew.
 */
export function drawFirstResults(
  page: Element,
  rows: unknown[],
  total: number,
  count: number,
  markup: EarlyMarkup,
  coverUrl: (url: string) => string,
): boolean {
  const doc = page.ownerDocument
  // The frame is drawn to a phone's layout only: on a wide screen it draws nothing rather than something the
  // app would then move.
  if (doc.defaultView?.matchMedia('(min-width: 900px)').matches) return false
  const list = earlyCardList(doc, rows, count, coverUrl, markup.resultCard)
  if (!list || !Number.isInteger(total)) return false
  page.classList.add('search-page')
  ;(page as HTMLElement).inert = true
  page.innerHTML = earlyFill(markup.searchTop, {}, {})
  const heading = earlyElement(doc, 'h2', 'section-title', formatHomeCount(total))
  page.append(earlyElement(doc, 'section', 'search-results', heading, list))
  return true
}

/** What the inline script declares of this file: the drawings and their own helpers. */
export const EARLY_DRAWING = [
  drawFirstCards,
  drawFirstResults,
  earlyCardList,
  drawFirstSlide,
  drawFirstPhoto,
  earlyElement,
  earlyPriced,
  earlyEscape,
  earlyFill,
  earlyCardParts,
  isEarlyCardRow,
]
