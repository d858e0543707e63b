import { describe, expect, it } from 'vitest'
import { LIST_TITLES } from '../../src/components/list-titles'
import { type EarlyCardRow, earlyCardParts, earlyFill } from '../../src/first-screen/early-cards'
import { listingImageUrl } from '../../src/lib/image-transform'
import { aListingRow } from '../../src/testing/listing-factory'
import type { ListingRow } from '../../src/types/listing'
import {
  EARLY_COMPONENTS,
  EARLY_FRAMES,
  earlyMarkup,
  frameMarkup,
  shownMarkup,
  visitorRouter,
} from './early-markup'

const DAY = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()

/** Rows that show and leave out each part of a card in turn, and words that need escaping. */
const ROWS: [string, Record<string, unknown>][] = [
  ['a plain home to rent', {}],
  ['a home for sale', { type: 'sale', regular_price: 450_000 }],
  ['on offer with a lower price', { offer: true, regular_price: 1500, discounted_price: 1200 }],
  ['on offer at no lower price', { offer: true, regular_price: 1500, discounted_price: 1500 }],
  ['under offer', { status: 'under_offer' }],
  ['let agreed, reduced this week', { status: 'let_agreed', price_reduced_at: daysAgo(3) }],
  ['reduced long ago', { price_reduced_at: daysAgo(90) }],
  ['every badge', { offer: true, discounted_price: 900, status: 'sold_stc', price_reduced_at: daysAgo(1) }],
  ['no photo', { image_urls: [] }],
  [
    'one bedroom and bathroom, added today',
    { bedrooms: 1, bathrooms: 1, created_at: new Date().toISOString() },
  ],
  ['its property facts', { property_type: 'semi_detached', floor_area_m2: 1250.5, epc_rating: 'C' }],
  ['only an exempt EPC', { epc_rating: 'exempt', epc_exempt_reason: 'Listed building' }],
  ['words to escape', { name: `Tom & Jerry's <"house">`, location: 'A < B & C' }],
]

const markup = await earlyMarkup()

describe("index.html's early drawings are their components' own markup", () => {
  for (const [name, template, cover] of [
    ['card', markup.card, 'card'],
    ['resultCard', markup.resultCard, 'card'],
  ] as const) {
    it.each(ROWS)(`draws ${name} as ListingCard draws it: %s`, (_, extra) => {
      const row = aListingRow(extra) as ListingRow
      const { values, flags } = earlyCardParts(row as EarlyCardRow, (url) => listingImageUrl(url, cover))
      expect(earlyFill(template, values, flags)).toBe(frameMarkup(EARLY_COMPONENTS[name](row)))
    })
  }

  it.each(ROWS)("draws Explore's first slide as RecommendedSlide draws it: %s", (_, extra) => {
    const row = aListingRow(extra) as ListingRow
    const { values, flags } = earlyCardParts(row as EarlyCardRow, (url) => listingImageUrl(url, 'photo'))
    const slide = frameMarkup(EARLY_COMPONENTS.slide(row))
    // The slide is drawn into the frame's own .recommended-slide box: the component's content.
    const content = /^<div class="recommended-slide">([\s\S]*)<\/div>$/.exec(slide)?.[1]
    expect(content).toBeDefined()
    expect(earlyFill(markup.slide, values, flags)).toBe(content)
  })

  it.each([...Object.values(LIST_TITLES), `Tom & Jerry's <"list">`])(
    "draws a list's header as PageHeader and the Filter and sort link draw it: %s",
    (title) => {
      expect(earlyFill(markup.listHeader, { title }, {})).toBe(frameMarkup(EARLY_FRAMES.listHeader(title)))
    },
  )

  it('draws /search above its results as its components do, without what they hide', async () => {
    const drawn = earlyFill(markup.searchTop, {}, {})
    expect(drawn).toBe(shownMarkup(frameMarkup(EARLY_FRAMES.searchTop(), await visitorRouter())))
    expect(drawn).toContain('class="button button--secondary save-search__button"')
    expect(drawn).toContain('class="search-controls"')
    expect(drawn).toContain('search-view')
    expect(drawn).not.toMatch(/\shidden\b|search-filters/)
  })

  it.each(ROWS)("draws a listing's first photo as GalleryPhoto draws it: %s", (_, extra) => {
    const row = aListingRow(extra) as ListingRow
    const url = row.image_urls[0] ?? 'https://example.invalid/photo.jpg'
    const values = {
      cover: listingImageUrl(url, 'photo'),
      name: row.name,
      photos: String(row.image_urls.length),
    }
    const count = row.image_urls.length
    expect(earlyFill(markup.galleryPhoto, values, {})).toBe(
      frameMarkup(EARLY_FRAMES.galleryPhoto({ url, name: row.name, count })),
    )
  })

  it('draws nothing of a link: the frame takes no tap or focus', () => {
    const all = JSON.stringify(markup)
    expect(all).not.toMatch(/<a\b|href=/)
    expect(all).toContain('listing-card__link')
  })
})
