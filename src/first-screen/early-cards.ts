import type { ListingRow } from '../types/listing'
import { formatAdded } from '../utils/format-added'
import { formatHomeCount } from '../utils/format-home-count'
import {
  askingPrice,
  formatListingPrice,
  formatPounds,
  offerDiscount,
  type Priced,
} from '../utils/format-price'
import { isRecentlyReduced, statusBadge, statusLabel } from '../utils/market-status'
import { pluralise } from '../utils/pluralise'

/**
 * What index.html's inline script draws before the app's JS arrives: a list's first cards, Explore's first
 * Recommended slide, a listing page's first photo and a search's first results, from the early request's
 * answer (src/first-screen/early-script.ts), so that a phone on a slow network shows the first homes, photos and all,
 * a second sooner. Each is drawn with the same elements, classes and text as its component, so it keeps its
 * size and place when React replaces the frame. Nothing drawn is a link or takes focus: the frame is hidden
 * from assistive technology, and the search's controls are inert. Text is set as text, never parsed as
 * markup, and rows that do not look like listings draw nothing.
 *
 * Every function here is self-contained but for the others in EARLY_DRAWING and the formatters it lists:
 * the inline script declares them all side by side, from their own source.
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
>

/** An element of `doc` with a class and children (strings become text nodes). */
export function earlyElement(doc: Document, tag: string, className: string, ...children: (Node | string)[]) {
  const element = doc.createElement(tag)
  if (className) element.className = className
  element.append(...children)
  return element
}

/** A cover as the components draw one: decorative, first to load, CORS (so the service worker can keep it). */
export function earlyCover(doc: Document, src: string, width: number, height: number): HTMLImageElement {
  const img = doc.createElement('img')
  img.alt = ''
  img.width = width
  img.height = height
  img.decoding = 'async'
  img.fetchPriority = 'high'
  img.crossOrigin = 'anonymous'
  img.src = src
  return img
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
 * Explore's first Recommended slide, its photo, status (unless available), name and price, into the frame's `.recommended-slide`, as
 * RecommendedSlide (src/features/listings/components/recommended-slide.tsx) draws it.
 */
export function drawFirstSlide(slide: Element, rows: unknown[], coverUrl: (url: string) => string): void {
  const row = rows[0] as EarlyCardRow | undefined
  const cover = row?.image_urls?.[0]
  if (!isEarlyCardRow(row) || typeof cover !== 'string') return
  const doc = slide.ownerDocument
  const status = statusBadge(row.status)
  const caption = earlyElement(doc, 'span', 'recommended-slide__caption')
  if (status) caption.append(earlyElement(doc, 'span', 'badge badge--status', status))
  caption.append(
    earlyElement(doc, 'span', 'recommended-slide__name', row.name),
    earlyElement(doc, 'span', 'recommended-slide__price', formatListingPrice(earlyPriced(row))),
  )
  slide.replaceChildren(earlyCover(doc, coverUrl(cover), 1200, 675), caption)
}

/**
 * A listing page's first photo into the frame's `.page`, where ListingGallery
 * (src/features/listings/components/listing-gallery.tsx) shows it: the top of the page, in the gallery's box.
 */
export function drawFirstPhoto(page: Element, rows: unknown[], coverUrl: (url: string) => string): void {
  const row = rows[0] as EarlyCardRow | undefined
  const photo = row?.image_urls?.[0]
  if (!isEarlyCardRow(row) || typeof photo !== 'string') return
  const doc = page.ownerDocument
  const gallery = earlyElement(doc, 'div', 'listing-gallery', earlyCover(doc, coverUrl(photo), 1200, 675))
  page.classList.add('listing-page')
  page.replaceChildren(
    earlyElement(
      doc,
      'div',
      'listing-page__media',
      earlyElement(doc, 'div', 'listing-gallery-frame', gallery),
    ),
  )
}

/**
 * A list of the first `count` cards, as ListingCard (src/components/listing-card.tsx) draws them: names
 * as `heading`, and each home's type (For Rent, For Sale) when `showType`. Null when a row is not a listing.
 */
export function earlyCardList(
  doc: Document,
  rows: unknown[],
  count: number,
  coverUrl: (url: string) => string,
  card: { heading: 'h2' | 'h3'; showType: boolean },
): HTMLUListElement | null {
  const cards = rows.slice(0, count) as EarlyCardRow[]
  if (cards.length === 0 || !cards.every(isEarlyCardRow)) return null
  const el = (tag: string, className: string, ...children: (Node | string)[]) =>
    earlyElement(doc, tag, className, ...children)
  // The icons' box (18×18, as BedIcon and BathIcon draw at this size), without their drawing.
  const iconBox = () => {
    const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg')
    svg.setAttribute('width', '18')
    svg.setAttribute('height', '18')
    return svg
  }
  const list = el('ul', 'listing-list') as HTMLUListElement
  for (const row of cards) {
    const listing = earlyPriced(row)
    const media = el('div', 'listing-card__media')
    const cover = row.image_urls[0]
    if (typeof cover === 'string') media.append(earlyCover(doc, coverUrl(cover), 400, 300))
    const status = statusBadge(row.status)
    const reduced = isRecentlyReduced(row.price_reduced_at)
    if (row.offer || status || reduced) {
      const badges = el('span', 'listing-card__badges')
      if (row.offer) badges.append(el('span', 'badge badge--offer', 'Offer'))
      if (status) badges.append(el('span', 'badge badge--status', status))
      if (reduced) badges.append(el('span', 'badge badge--reduced', 'Reduced'))
      media.append(badges)
    }
    const price = el('p', 'listing-card__price')
    if (card.showType)
      price.append(el('span', 'badge badge--type', row.type === 'rent' ? 'For Rent' : 'For Sale'), ' ')
    if (offerDiscount(listing) !== null) {
      const regular = formatPounds(listing.regularPrice)
      price.append(el('del', 'price-was', el('span', 'visually-hidden', 'Regular price '), regular))
    }
    price.append(el('span', '', formatListingPrice(listing)))
    const body = el(
      'div',
      'listing-card__body',
      el('p', 'listing-card__location', row.location),
      el(card.heading, 'listing-card__name', row.name),
      price,
      el(
        'p',
        'listing-card__rooms',
        el('span', '', iconBox(), pluralise(row.bedrooms, 'Bedroom', 'Bedrooms')),
        el('span', '', iconBox(), pluralise(row.bathrooms, 'Bathroom', 'Bathrooms')),
      ),
      el('p', 'listing-card__added', formatAdded(row.created_at)),
    )
    list.append(el('li', 'listing-card', el('div', 'listing-card__link', media, body)))
  }
  return list
}

/**
 * A list's header and first `count` cards into the frame's `.page`, as PageHeader and ListingCard
 * (src/components/listing-card.tsx) draw them; the header's Filter and sort link as a picture of one.
 */
export function drawFirstCards(
  page: Element,
  header: { title: string; action: string },
  rows: unknown[],
  count: number,
  coverUrl: (url: string) => string,
): void {
  const doc = page.ownerDocument
  const list = earlyCardList(doc, rows, count, coverUrl, { heading: 'h2', showType: false })
  if (!list) return
  const el = (tag: string, className: string, ...children: (Node | string)[]) =>
    earlyElement(doc, tag, className, ...children)
  const action = el('span', 'button button--secondary filter-and-sort', header.action)
  page.replaceChildren(
    el(
      'header',
      'page-header',
      el('h1', 'page-header__title', header.title),
      el('div', 'page-header__actions', action),
    ),
    list,
  )
}

/** The search screen's words above its results (SEARCH_COPY), and its sorts' labels, the chosen one first. */
export type EarlySearchCopy = {
  title: string
  queryLabel: string
  submit: string
  filters: string
  sortBy: string
  sorts: string[]
  /** The Save search button under the controls (src/features/saved-searches). */
  saveSearch: string
  view: string
  list: string
  map: string
}

/**
 * A search with nothing set into the frame's `.page`, as SearchScreen
 * (src/features/search/components/search-screen.tsx) draws it at a phone's width: the title, the controls
 * as they stand, the List and Map switch, the count of every home and the first `count` cards. The controls
 * are drawn with their own elements, so they keep their size; the page is inert, so none of them takes
 * focus or a tap. Whether it drew.
 */
export function drawFirstResults(
  page: Element,
  copy: EarlySearchCopy,
  rows: unknown[],
  total: number,
  count: number,
  coverUrl: (url: string) => string,
): boolean {
  const doc = page.ownerDocument
  // Wide screens show every filter instead of the Filters button (search.css): the frame draws the phone's
  // controls only, so there it draws nothing rather than something the app would push down.
  if (doc.defaultView?.matchMedia('(min-width: 900px)').matches) return false
  const list = earlyCardList(doc, rows, count, coverUrl, { heading: 'h3', showType: true })
  if (!list || !Number.isInteger(total)) return false
  const el = (tag: string, className: string, ...children: (Node | string)[]) =>
    earlyElement(doc, tag, className, ...children)
  const query = el('input', 'field__input') as HTMLInputElement
  query.type = 'search'
  query.placeholder = copy.queryLabel
  const switchButton = (label: string, pressed: boolean) => {
    const button = el('button', 'search-view__button', label)
    button.setAttribute('aria-pressed', String(pressed))
    return button
  }
  page.classList.add('search-page')
  ;(page as HTMLElement).inert = true
  page.replaceChildren(
    el('header', 'page-header', el('h1', 'page-header__title', copy.title)),
    el(
      'search',
      '',
      el(
        'form',
        'search-controls',
        el(
          'div',
          'search-controls__query',
          el('label', 'visually-hidden', copy.queryLabel),
          query,
          el('button', 'button button--primary', copy.submit),
        ),
        el(
          'div',
          'search-controls__bar',
          el('button', 'button button--secondary search-controls__toggle', copy.filters),
          el(
            'label',
            'search-controls__sort',
            el('span', '', copy.sortBy),
            el('select', 'field__input', ...copy.sorts.map((sort) => el('option', '', sort))),
          ),
        ),
      ),
    ),
    el('div', 'save-search', el('button', 'button button--secondary save-search__button', copy.saveSearch)),
    el(
      'fieldset',
      'search-view',
      el('legend', 'visually-hidden', copy.view),
      switchButton(copy.list, true),
      switchButton(copy.map, false),
    ),
    el('section', 'search-results', el('h2', 'section-title', formatHomeCount(total)), list),
  )
  return true
}

/** What the inline script declares: the drawings, their helpers and the formatters they call. */
export const EARLY_DRAWING = [
  drawFirstCards,
  drawFirstResults,
  earlyCardList,
  drawFirstSlide,
  drawFirstPhoto,
  earlyElement,
  earlyCover,
  earlyPriced,
  isEarlyCardRow,
  formatPounds,
  askingPrice,
  formatListingPrice,
  offerDiscount,
  pluralise,
  formatAdded,
  formatHomeCount,
  statusLabel,
  statusBadge,
  isRecentlyReduced,
]
