// The early drawings' markup, from the components themselves: the build renders ListingCard, RecommendedSlide,
// a list's header, /search's controls and the gallery's photo to static markup and turns it into the templates
// index.html's inline script fills
// (earlyFill in early-cards.ts). Loaded by the build through Vite (vite-plugin.ts), and by the unit test
// that holds each drawing to its component (early-markup.test.tsx).
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { ListingCard } from '../../src/components/listing-card'
import { PageHeader } from '../../src/components/page-header'
import { GalleryPhoto, RecommendedSlide } from '../../src/features/listings/first-screen-markup'
import { SaveSearchButton } from '../../src/features/saved-searches/first-screen-markup'
import { SEARCH_COPY } from '../../src/features/search/first-screen'
import {
  FilterAndSortLink,
  SearchControls,
  SearchViewSwitch,
} from '../../src/features/search/first-screen-markup'
import {
  type EarlyCardRow,
  type EarlyMarkup,
  type EarlyTemplate,
  type EarlyTemplatePart,
  earlyCardParts,
  earlyEscape,
} from '../../src/first-screen/early-cards'
import { type LISTING_IMAGE, listingImageUrl } from '../../src/lib/image-transform'
import { parseHomeSearch } from '../../src/types/home-search'
import { type ListingRow, toListing } from '../../src/types/listing'

/** The components a template is rendered from, each as the screen shows it on a phone's first screen. */
export const EARLY_COMPONENTS = {
  card: (row: ListingRow) => <ListingCard listing={toListing(row)} priority />,
  resultCard: (row: ListingRow) => (
    <ListingCard listing={toListing(row)} headingLevel={3} showType priority />
  ),
  slide: (row: ListingRow) => <RecommendedSlide listing={toListing(row)} first />,
} satisfies Record<'card' | 'resultCard' | 'slide', (row: ListingRow) => ReactElement>

/** A router that knows no route and is never used: a Link needs one to render. */
const bareRouter = () => createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() })

type FrameRouter = ReturnType<typeof bareRouter>

/**
 * A router as a first visit's screen has one: loaded, with a visitor's session in its context, for the
 * components that read the session (Save search); a first visit has none, and a signed-in person's button is
 * the same.
 */
export async function visitorRouter(): Promise<FrameRouter> {
  const visitor = { status: 'signedOut' } as const
  const auth = { subscribe: () => () => {}, getState: () => visitor }
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory(),
    context: { auth },
  })
  await router.load()
  return router
}

/** A component's markup as the frame draws it: its links as boxes of the same class (nothing drawn is a link). */
export function frameMarkup(element: ReactElement, router: FrameRouter = bareRouter()): string {
  const markup = renderToStaticMarkup(
    <RouterContextProvider router={router}>{element}</RouterContextProvider>,
  )
  return markup
    .replace(
      /<a\b([^>]*)>/g,
      (_, attributes: string) => `<div${/\sclass="[^"]*"/.exec(attributes)?.[0] ?? ''}>`,
    )
    .replace(/<\/a>/g, '</div>')
}

/**
 * A row that shows every part a card or slide can show, with words found nowhere else in its markup; and, by
 * flag, the same row without that part. Each part's flag in earlyCardParts is what turns it off here.
 */
function sampleRow(): ListingRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    user_ref: '00000000-0000-4000-8000-000000000002',
    type: 'rent',
    name: 'Sample name of a home',
    description: 'Sample description',
    location: 'Sample location',
    bedrooms: 91,
    bathrooms: 92,
    parking: true,
    furnished: true,
    offer: true,
    regular_price: 123_457,
    discounted_price: 98_765,
    image_urls: ['https://sample.invalid/storage/v1/object/public/listing-images/sample.jpg'],
    latitude: 51.5,
    longitude: -0.1,
    created_at: '2020-01-02T10:00:00Z',
    updated_at: '2020-01-02T10:00:00Z',
    status: 'under_offer',
    status_changed_at: '2020-01-02T10:00:00Z',
    price_reduced_at: new Date().toISOString(),
    price_reduced_by: 5_000,
    off_market_at: null,
    version: 1,
    place_ids: [],
    ...factsRow,
  }
}

/** The sample row's property facts: the card's line shows three of them (`Cottage · 93.5 m² · EPC B`). */
const factsRow = {
  property_type: 'cottage',
  floor_area_m2: 93.5,
  epc_rating: 'B',
  epc_exempt_reason: null,
  council_tax_band: 'D',
  rates_per_year: null,
  tenure: null,
  lease_years_left: null,
  ground_rent_per_year: null,
  service_charge_per_year: null,
  deposit: 1_900,
  available_now: true,
  available_from: null,
  min_tenancy_months: 12,
  bills_included: false,
  pets_considered: true,
} as const satisfies Partial<ListingRow>

const WITHOUT: Record<string, (row: ListingRow) => ListingRow> = {
  cover: (row) => ({ ...row, image_urls: [] }),
  offer: (row) => ({ ...row, offer: false }),
  discount: (row) => ({ ...row, discounted_price: null }),
  status: (row) => ({ ...row, status: 'available' }),
  reduced: (row) => ({ ...row, price_reduced_at: null }),
  badges: (row) => ({ ...row, offer: false, status: 'available', price_reduced_at: null }),
  facts: (row) => ({ ...row, property_type: null, floor_area_m2: null, epc_rating: null }),
}

/** A value's place in a template. */
const hole = (key: string) => `\uE000${key}\uE000`

/** Markup with each value in its place as a hole; a value must show exactly once. */
function withHoles(markup: string, values: Record<string, string | null>): string {
  const shown = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null)
  // Longest first, so a value inside another (a price inside a longer one) is not taken for it.
  shown.sort((a, b) => b[1].length - a[1].length)
  let out = markup
  for (const [key, value] of shown) {
    const escaped = earlyEscape(value)
    const count = out.split(escaped).length - 1
    if (count > 1) throw new Error(`The early markup: "${value}" (${key}) shows ${count} times`)
    out = out.replace(escaped, hole(key))
  }
  return out
}

/** A row's markup with each of its values in their place as a hole. */
const rowWithHoles = (markup: string, row: ListingRow, coverUrl: (url: string) => string) =>
  withHoles(markup, earlyCardParts(row as EarlyCardRow, coverUrl).values)

type Element = { open: string; close: string; children: Node[] }
type Node = string | Element

const VOID_ELEMENTS = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
])

/** React's static markup as a tree (it is well formed: every element closed, `<` and `>` escaped in text). */
function parseMarkup(markup: string): Node[] {
  const root: Element = { open: '', close: '', children: [] }
  const open: Element[] = [root]
  for (const token of markup.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*>|[^<]+/g)) {
    const parent = open.at(-1) as Element
    const [text, closing, tag] = token
    if (!tag) parent.children.push(text)
    else if (closing) (open.pop() as Element).close = text
    else {
      const element: Element = { open: text, close: '', children: [] }
      parent.children.push(element)
      if (!VOID_ELEMENTS.has(tag.toLowerCase()) && !text.endsWith('/>')) open.push(element)
    }
  }
  return root.children
}

const serialise = (node: Node): string =>
  typeof node === 'string' ? node : node.open + node.children.map(serialise).join('') + node.close

/**
 * Records `flag` on every node of `full` that `without` (the same markup with one part turned off) lacks.
 * Turning a part off only removes markup: anything else is an error, as the template could not say it.
 */
function markRemoved(full: Node[], without: Node[], flag: string, conditions: Map<Node, string[]>): void {
  let next = 0
  full.forEach((node, index) => {
    const other = without[next]
    if (other !== undefined && serialise(node) === serialise(other)) {
      next += 1
      return
    }
    const laterMatch =
      other !== undefined && full.slice(index + 1).some((later) => serialise(later) === serialise(other))
    if (other !== undefined && !laterMatch && typeof node !== 'string' && typeof other !== 'string') {
      if (node.open !== other.open) throw new Error(`The early markup: ${flag} changes ${node.open}`)
      markRemoved(node.children, other.children, flag, conditions)
      next += 1
      return
    }
    conditions.set(node, [...(conditions.get(node) ?? []), flag])
  })
  if (next !== without.length) throw new Error(`The early markup: without ${flag}, markup the full one lacks`)
}

function toTemplate(nodes: Node[], conditions: Map<Node, string[]>): EarlyTemplate {
  const parts: EarlyTemplate = []
  const add = (part: EarlyTemplatePart) => {
    const last = parts.at(-1)
    if (typeof part === 'string' && typeof last === 'string') parts[parts.length - 1] = last + part
    else parts.push(part)
  }
  for (const node of nodes) {
    const inner: EarlyTemplate =
      typeof node === 'string' ? [node] : [node.open, ...toTemplate(node.children, conditions), node.close]
    const flags = conditions.get(node)
    if (flags) add([flags.join(' '), ...joinStrings(inner)])
    else for (const part of inner) add(part)
  }
  return parts
}

/** Adjacent strings joined into one. */
const joinStrings = (parts: EarlyTemplate): EarlyTemplate =>
  parts.reduce<EarlyTemplate>((joined, part) => {
    const last = joined.at(-1)
    if (typeof part === 'string' && typeof last === 'string') joined[joined.length - 1] = last + part
    else joined.push(part)
    return joined
  }, [])

/** A component's template: its markup for the sample row, its parts' conditions found by turning each off. */
export function earlyTemplate(
  render: (row: ListingRow) => ReactElement,
  cover: keyof typeof LISTING_IMAGE,
  inner = false,
): EarlyTemplate {
  // The cover's address as the component makes it, to find its place; the script makes it the same way.
  const coverUrl = (url: string) => listingImageUrl(url, cover)
  const markupOf = (row: ListingRow) => {
    const nodes = parseMarkup(rowWithHoles(frameMarkup(render(row)), row, coverUrl))
    const root = nodes[0]
    // A slide is drawn into the frame's own box: its content only.
    return inner && nodes.length === 1 && root !== undefined && typeof root !== 'string'
      ? root.children
      : nodes
  }
  const sample = sampleRow()
  const full = markupOf(sample)
  const conditions = new Map<Node, string[]>()
  for (const [flag, without] of Object.entries(WITHOUT))
    markRemoved(full, markupOf(without(sample)), flag, conditions)
  return joinStrings(toTemplate(full, conditions))
}

const noop = () => {}

/** What the gallery's photo shows of a listing, by the name of its hole in the template. */
export type EarlyGalleryPhoto = { cover: string; name: string; photos: string }

/**
 * The frame's parts that are not a card, each from its components as the screen shows it on a phone's first
 * screen; the words a drawing fills in are given, and found in the markup to make its holes.
 */
export const EARLY_FRAMES = {
  // Offers' and the category lists' header: their title and the Filter and sort link (a box, as every link).
  listHeader: (title: string) => <PageHeader title={title} actions={<FilterAndSortLink preset={{}} />} />,
  // /search with nothing set, above its results: as SearchScreen and the route (Save search) compose it.
  searchTop: () => (
    <>
      <PageHeader
        title={SEARCH_COPY.title}
        actions={
          <SaveSearchButton search={parseHomeSearch({})} saveOnArrival={false} onArrivalSaved={noop} />
        }
      />
      <SearchControls search={parseHomeSearch({})} onSearch={noop} suggest={false}>
        <SearchViewSwitch mapView={false} onShow={noop} />
      </SearchControls>
    </>
  ),
  // A listing page's first photo, in the boxes the route (media) and ListingGallery (frame, track) put it in.
  galleryPhoto: (photo: { url: string; name: string; count: number }) => (
    <div className="listing-page__media">
      <div className="listing-gallery-frame">
        <div className="listing-gallery">
          <GalleryPhoto name={photo.name} url={photo.url} index={0} count={photo.count} />
        </div>
      </div>
    </div>
  ),
}

/** Markup without the elements it hides: they take no room, and the frame draws what shows. */
export function shownMarkup(markup: string): string {
  const shown = (nodes: Node[]): Node[] =>
    nodes.flatMap((node): Node[] =>
      typeof node === 'string'
        ? [node]
        : /\shidden(?:=""|[\s>])/.test(node.open)
          ? []
          : [{ ...node, children: shown(node.children) }],
    )
  return shown(parseMarkup(markup)).map(serialise).join('')
}

/** The gallery's photo with holes for its address, the listing's name and its count of photos. */
function galleryTemplate(): EarlyTemplate {
  const { image_urls, name } = sampleRow()
  const url = image_urls[0] ?? ''
  const markup = frameMarkup(EARLY_FRAMES.galleryPhoto({ url, name, count: 93 }))
  const values: EarlyGalleryPhoto = { cover: listingImageUrl(url, 'photo'), name, photos: '93' }
  return [withHoles(markup, values)]
}

/** The early drawings' templates, rendered from their components. */
export async function earlyMarkup(): Promise<EarlyMarkup> {
  const title = 'Sample title of a list'
  const router = await visitorRouter()
  return {
    card: earlyTemplate(EARLY_COMPONENTS.card, 'card'),
    resultCard: earlyTemplate(EARLY_COMPONENTS.resultCard, 'card'),
    slide: earlyTemplate(EARLY_COMPONENTS.slide, 'photo', true),
    listHeader: [withHoles(frameMarkup(EARLY_FRAMES.listHeader(title)), { title })],
    searchTop: [shownMarkup(frameMarkup(EARLY_FRAMES.searchTop(), router))],
    galleryPhoto: galleryTemplate(),
  }
}
