import type { ListingRow } from '../types/listing'
import { formatAdded } from '../utils/format-added'
import { askingPrice, formatListingPrice, formatPounds, offerDiscount } from '../utils/format-price'
import { pluralise } from '../utils/pluralise'

/**
 * Draws Explore's first Recommended slide, its photo, name and price, into index.html's frame (`slide`, the
 * frame's `.recommended-slide`) from the early request's answer, as RecommendedSlide draws it
 * (src/features/listings/components/recommended-slide.tsx). Self-contained like drawFirstCards.
 */
export function drawFirstSlide(slide: Element, rows: unknown[], coverUrl: (url: string) => string): void {
  const row = rows[0] as EarlyCardRow | undefined
  const cover = row?.image_urls?.[0]
  if (typeof row?.name !== 'string' || typeof row.regular_price !== 'number' || typeof cover !== 'string')
    return
  const doc = slide.ownerDocument
  const span = (className: string, text: string) => {
    const element = doc.createElement('span')
    element.className = className
    element.textContent = text
    return element
  }
  const img = doc.createElement('img')
  img.alt = ''
  img.width = 1200
  img.height = 675
  img.decoding = 'async'
  img.fetchPriority = 'high'
  img.crossOrigin = 'anonymous'
  img.src = coverUrl(cover)
  const listing = {
    type: row.type,
    offer: row.offer,
    regularPrice: row.regular_price,
    discountedPrice: row.discounted_price,
  }
  const caption = span('recommended-slide__caption', '')
  caption.append(
    span('recommended-slide__name', row.name),
    span('recommended-slide__price', formatListingPrice(listing)),
  )
  slide.replaceChildren(img, caption)
}

/** What a card shows of a listings row, as PostgREST answers it. */
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
>

/** The functions drawFirstCards formats with; index.html's inline script declares them beside it. */
export const EARLY_CARD_FORMATTERS = [
  formatPounds,
  askingPrice,
  formatListingPrice,
  offerDiscount,
  pluralise,
  formatAdded,
]

/**
 * Draws a list's first cards into index.html's frame (`page`, the frame's `.page`) from the early request's
 * answer, while the app's JS is still on its way: a phone on a slow network shows the first homes, photos
 * and all, a second sooner. The same elements, classes and text as ListingCard (src/components/listing-card.tsx),
 * so the cards keep their size and place when React replaces the frame; not links (the frame is hidden from
 * assistive technology and holds nothing to focus). Rows that do not look like listings draw nothing.
 *
 * Runs as part of index.html's inline script: self-contained but for the formatters in EARLY_CARD_FORMATTERS
 * (declared beside it there), with text set as text, never parsed as markup.
 */
export function drawFirstCards(
  page: Element,
  header: { title: string; action: string },
  rows: unknown[],
  count: number,
  coverUrl: (url: string) => string,
): void {
  const cards = rows.slice(0, count) as EarlyCardRow[]
  const isCard = (row: EarlyCardRow) =>
    typeof row === 'object' &&
    row !== null &&
    typeof row.name === 'string' &&
    typeof row.location === 'string' &&
    typeof row.bedrooms === 'number' &&
    typeof row.bathrooms === 'number' &&
    typeof row.regular_price === 'number' &&
    typeof row.created_at === 'string' &&
    Array.isArray(row.image_urls)
  if (cards.length === 0 || !cards.every(isCard)) return
  const doc = page.ownerDocument
  const el = (tag: string, className: string, ...children: (Node | string)[]) => {
    const element = doc.createElement(tag)
    if (className) element.className = className
    element.append(...children)
    return element
  }
  // The icons' box (18×18, as BedIcon and BathIcon draw at this size), without their drawing.
  const iconBox = () => {
    const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg')
    svg.setAttribute('width', '18')
    svg.setAttribute('height', '18')
    return svg
  }
  const list = el('ul', 'listing-list')
  for (const row of cards) {
    const listing = {
      type: row.type,
      offer: row.offer,
      regularPrice: row.regular_price,
      discountedPrice: row.discounted_price,
    }
    const media = el('div', 'listing-card__media')
    const cover = row.image_urls[0]
    if (typeof cover === 'string') {
      const img = doc.createElement('img')
      img.alt = ''
      img.width = 400
      img.height = 300
      img.decoding = 'async'
      img.fetchPriority = 'high'
      img.crossOrigin = 'anonymous'
      img.src = coverUrl(cover)
      media.append(img)
    }
    if (row.offer) media.append(el('span', 'badge badge--offer', 'Offer'))
    const price = el('p', 'listing-card__price')
    if (offerDiscount(listing) !== null)
      price.append(
        el(
          'del',
          'price-was',
          el('span', 'visually-hidden', 'Regular price '),
          formatPounds(listing.regularPrice),
        ),
      )
    price.append(el('span', '', formatListingPrice(listing)))
    const body = el(
      'div',
      'listing-card__body',
      el('p', 'listing-card__location', row.location),
      el('h2', 'listing-card__name', row.name),
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
  // The list's header as PageHeader draws it, its Filter and sort link as a picture of one.
  const title = el(
    'header',
    'page-header',
    el('h1', 'page-header__title', header.title),
    el('div', 'page-header__actions', el('span', 'button button--secondary filter-and-sort', header.action)),
  )
  page.replaceChildren(title, list)
}
