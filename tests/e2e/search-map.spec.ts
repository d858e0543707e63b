import { expect, type Locator, type Page, test } from '@playwright/test'
import { holdRequests } from './support/hold'
import { anon } from './support/stack'

/** The search the journey keeps through every view: homes to rent in London, cheapest first. */
const FILTERS = { q: 'London', type: 'rent', sort: 'price-asc' } as const

type Area = [west: number, south: number, east: number, north: number]

/** How many homes match FILTERS (inside `area` when given), asked of the API as /search asks it. */
async function countMatching(area?: Area) {
  let query = anon
    .from('listings')
    .select('id', { count: 'exact', head: true })
    .ilike('search_text', `%${FILTERS.q.toLowerCase()}%`)
    .eq('type', FILTERS.type)
  if (area) {
    const [west, south, east, north] = area
    query = query.gte('longitude', west).lte('longitude', east).gte('latitude', south).lte('latitude', north)
  }
  const { count, error } = await query
  if (error || count === null) throw error ?? new Error('no count')
  return count
}

/** How many homes of any search lie in `area`, asked of the API. */
async function homesInArea([west, south, east, north]: Area) {
  const { count, error } = await anon
    .from('listings')
    .select('id', { count: 'exact', head: true })
    .gte('longitude', west)
    .lte('longitude', east)
    .gte('latitude', south)
    .lte('latitude', north)
  if (error || count === null) throw error ?? new Error('no count')
  return count
}

const homes = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'home' : 'homes'}`
const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$/ })
const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of results' })
const prices = (page: Page) => mapRegion(page).locator('.search-map__price')
const clusters = (page: Page) => mapRegion(page).locator('.search-map__cluster')
const markers = (page: Page) => mapRegion(page).locator('.search-map__price, .search-map__cluster')
const searchArea = (page: Page) => page.getByRole('button', { name: 'Search this area' })
const viewButton = (page: Page, name: 'List' | 'Map') => page.getByRole('button', { name, exact: true })

/** The URL's search parameters, as an object (the view and the area apart, they are the filters). */
const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)

/**
 * The homes the markers stand for: a price is one home, a cluster the number it shows. Read in one go: markers
 * read one by one could be redrawn in between, and a locator of one that has gone waits for it.
 */
const homesOnMarkers = (page: Page) =>
  markers(page).evaluateAll((shown) =>
    shown.reduce(
      (count, marker) =>
        count + (marker.classList.contains('search-map__cluster') ? Number(marker.textContent) : 1),
      0,
    ),
  )

/** A price marker, zooming into clusters until one shows. */
async function aPriceMarker(page: Page): Promise<Locator> {
  for (let zooms = 0; zooms < 6; zooms++) {
    await expect(markers(page).first()).toBeVisible()
    if ((await prices(page).count()) > 0) return prices(page).first()
    const before = await homesOnMarkers(page)
    await clusters(page).first().tap()
    // The map eases to the cluster: wait until what it shows has changed.
    await expect.poll(() => homesOnMarkers(page)).not.toBe(before)
  }
  throw new Error('no price marker after zooming into six clusters')
}

// The map's chunks must come from the page, where they can be counted, not from a service worker's precache.
test.use({ serviceWorkers: 'block' })
test.describe.configure({ mode: 'serial' })

test.describe('the map of search results', () => {
  let page: Page
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage()
  })
  test.afterAll(async () => {
    await page.close()
  })

  const loaded = (pattern: RegExp) =>
    page.evaluate(
      (source) =>
        performance.getEntriesByType('resource').filter((entry) => new RegExp(source).test(entry.name))
          .length,
      pattern.source,
    )

  test('the Map toggle loads the map only then, with every home as a price or a cluster', async () => {
    const total = await countMatching()
    expect(total).toBeGreaterThan(1)
    await page.goto(`/search?${new URLSearchParams(FILTERS)}`)
    await expect(countHeading(page)).toHaveText(homes(total))
    await expect(viewButton(page, 'List')).toHaveAttribute('aria-pressed', 'true')
    expect(await loaded(/maplibre/)).toBe(0)

    await viewButton(page, 'Map').click()
    await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true')
    expect(searchOf(page)).toEqual({ ...FILTERS, view: 'map' })
    await expect(markers(page).first()).toBeVisible({ timeout: 30_000 })
    expect(await loaded(/\/maplibre-gl-[\w-]+\.js$/)).toBe(1)
    await expect(countHeading(page)).toHaveText(homes(total))
    // Each home is in exactly one marker; London's homes crowd at this zoom, so some are clustered.
    await expect.poll(() => homesOnMarkers(page)).toBe(total)
    await expect(clusters(page).first()).toBeVisible()
    await expect(searchArea(page)).toHaveCount(0)
  })

  test('after zooming in, Search this area writes bbox and searches within the view', async () => {
    const total = await countMatching()
    await page.getByRole('button', { name: 'Zoom in', exact: true }).tap()
    // The map stays on screen, where the person left it, while the area's homes load.
    await page.locator('.maplibregl-canvas').evaluate((canvas) => canvas.setAttribute('data-before', ''))
    await searchArea(page).tap()
    await expect(page).toHaveURL(/[?&]bbox=/)
    const { bbox = '', ...rest } = searchOf(page)
    expect(rest).toEqual({ ...FILTERS, view: 'map' })
    const area = bbox.split(',').map(Number) as Area
    expect(area).toHaveLength(4)
    const inside = await countMatching(area)
    expect(inside).toBeGreaterThan(0)
    expect(inside).toBeLessThan(total)
    await expect(countHeading(page)).toHaveText(homes(inside))
    await expect(searchArea(page)).toHaveCount(0)
    await expect.poll(() => homesOnMarkers(page)).toBe(inside)
    await expect(page.locator('.maplibregl-canvas[data-before]')).toHaveCount(1)

    // Back is the whole search again, Forward the area, and the map follows each.
    await page.goBack()
    await expect(page).not.toHaveURL(/[?&]bbox=/)
    await expect(countHeading(page)).toHaveText(homes(total))
    await expect.poll(() => homesOnMarkers(page)).toBe(total)
    await page.goForward()
    await expect(page).toHaveURL(/[?&]bbox=/)
    await expect(countHeading(page)).toHaveText(homes(inside))
    await expect.poll(() => homesOnMarkers(page)).toBe(inside)
  })

  test('keyboard users reach the list of the homes the map shows', async () => {
    const list = mapRegion(page).locator('.search-map__list')
    const summary = list.locator('summary')
    await expect(summary).toHaveText(/^Homes on this map \(\d+\)$/)
    const shown = Number(/\((\d+)\)/.exec((await summary.textContent()) ?? '')?.[1])
    expect(shown).toBeGreaterThan(0)
    await summary.focus()
    await page.keyboard.press('Enter')
    const links = list.getByRole('link')
    await expect(links).toHaveCount(shown)
    await page.keyboard.press('Tab')
    await expect(links.first()).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/category\/rent\/[\da-f-]{36}$/)
    await page.goBack()
    await expect(page).toHaveURL(/[?&]bbox=/)
    await expect(markers(page).first()).toBeVisible({ timeout: 30_000 })
  })

  test('a tap on a price shows its card, and the card opens the listing', async () => {
    const price = await aPriceMarker(page)
    await expect(price).toHaveText(/^£\d+(\.\d+)?[km]?$/)
    const label = (await price.getAttribute('aria-label')) ?? ''
    const name = label.slice(0, label.lastIndexOf(', £'))
    expect(name).not.toBe('')
    await price.tap()
    const card = mapRegion(page).locator('.search-map__card')
    await expect(card).toBeVisible()
    await expect(card).toContainText(name)
    await expect(card).toContainText('/ month')
    await card.tap()
    await expect(page).toHaveURL(/\/category\/rent\/[\da-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await page.goBack()
    await expect(page).toHaveURL(/[?&]view=map/)
  })

  test('the List toggle returns to the list with the same search', async () => {
    const { bbox = '', ...rest } = searchOf(page)
    expect(rest).toEqual({ ...FILTERS, view: 'map' })
    const inside = await countMatching(bbox.split(',').map(Number) as Area)
    await expect(countHeading(page)).toHaveText(homes(inside))

    await viewButton(page, 'List').click()
    await expect(viewButton(page, 'List')).toHaveAttribute('aria-pressed', 'true')
    expect(searchOf(page)).toEqual({ ...FILTERS, bbox })
    await expect(mapRegion(page)).toHaveCount(0)
    await expect(countHeading(page)).toHaveText(homes(inside))
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(Math.min(inside, 10))
    await expect(page.getByRole('searchbox', { name: 'Search by place or keyword' })).toHaveValue(FILTERS.q)
  })
})

test('at city zoom the map takes one request, for its homes, and counts them itself', async ({ page }) => {
  // Clapham to Greenwich: a box of the finest cluster grid (at most 0.375° across), with fewer than 500 homes.
  const area: Area = [-0.2, 51.44, -0.0, 51.5]
  const inside = await homesInArea(area)
  expect(inside).toBeGreaterThan(1)
  expect(inside).toBeLessThan(500)

  // Every count stays unanswered: a map that needed one would never show its homes or their number.
  const counts = await holdRequests(page, /\/rest\/v1\/rpc\/count_homes\?/)
  const homesAsked = page.waitForRequest(/\/rest\/v1\/market_listings\?select=[^&]*cover_url/, {
    timeout: 30_000,
  })
  await page.goto(`/search?view=map&bbox=${area.join(',')}`)
  // One more than the map draws: as many as that or fewer are all the homes in the box.
  expect(new URL((await homesAsked).url()).searchParams.get('limit')).toBe('501')

  await expect(countHeading(page)).toHaveText(homes(inside))
  await expect(markers(page).first()).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => homesOnMarkers(page)).toBe(inside)
  expect(counts.count()).toBe(0)
  counts.release()
})

test('at country zoom the map asks for clusters first, and with no more homes than it draws, for those homes alone', async ({
  page,
}) => {
  // Great Britain: a box of cells of a degree, where the demo's homes are fewer than the map draws.
  const area: Area = [-8.2, 49.9, 1.8, 58.7]
  const inside = await homesInArea(area)
  expect(inside).toBeGreaterThan(100)
  expect(inside).toBeLessThan(500)

  // Every count stays unanswered: the clusters already say the box holds no more homes than the map draws.
  const counts = await holdRequests(page, /\/rest\/v1\/rpc\/count_homes\?/)
  const clustersAsked = page.waitForRequest(/\/rest\/v1\/rpc\/map_clusters\?/, { timeout: 30_000 })
  const homesAsked = page.waitForRequest(/\/rest\/v1\/market_listings\?select=[^&]*cover_url/, {
    timeout: 30_000,
  })
  await page.goto(`/search?view=map&bbox=${area.join(',')}`)
  expect(new URL((await clustersAsked).url()).searchParams.get('cell')).toBe('1')
  expect(new URL((await homesAsked).url()).searchParams.get('limit')).toBe('500')

  await expect(countHeading(page)).toHaveText(homes(inside))
  await expect(markers(page).first()).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => homesOnMarkers(page)).toBe(inside)
  expect(counts.count()).toBe(0)
  counts.release()
})
