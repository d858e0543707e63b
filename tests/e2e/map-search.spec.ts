import { expect, type Page, test } from '@playwright/test'
import type { ViteDevServer } from 'vite'
import { startMapHarness } from './support/map-harness'
import { anon } from './support/stack'

let harness: { url: string; server: ViteDevServer }
test.beforeAll(async () => {
  harness = await startMapHarness()
})
test.afterAll(async () => {
  await harness?.server.close()
})

const markers = (page: Page) => page.locator('.search-map__price, .search-map__cluster')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

type Home = {
  id: string
  type: 'rent' | 'sale'
  name: string
  location: string
  latitude: number
  longitude: number
}

/** Every listing of the seed, newest first, with where it is. */
async function allListings(): Promise<Home[]> {
  const { data, error } = await anon
    .from('listings')
    .select('id,type,name,location,latitude,longitude')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .returns<Home[]>()
  if (error) throw error
  if (data.length < 10) throw new Error('the seed has too few listings for a map of results')
  return data
}

test.describe('the search map', () => {
  test('draws every home as a price or a cluster with its count, within the frame', async ({ page }) => {
    const listings = await allListings()
    await page.goto(harness.url)
    await expect(heading(page)).toHaveText(`${listings.length} homes`)
    await expect(markers(page).first()).toBeVisible({ timeout: 30_000 })
    // Every home is in exactly one marker: a price counts one, a cluster its number.
    await expect
      .poll(async () => {
        let homes = 0
        for (const marker of await markers(page).all()) {
          const cls = (await marker.getAttribute('class')) ?? ''
          homes += cls.includes('cluster') ? Number(await marker.textContent()) : 1
        }
        return homes
      })
      .toBe(listings.length)
    // London's homes crowd at this zoom: MapLibre clusters them.
    await expect(page.locator('.search-map__cluster').first()).toBeVisible()
  })

  test('a tap on a price shows a card that opens the listing', async ({ page }) => {
    const [listing] = await allListings()
    if (!listing) throw new Error('no listing')
    const d = 0.002
    const bbox = [listing.longitude - d, listing.latitude - d, listing.longitude + d, listing.latitude + d]
    await page.goto(`${harness.url}?bbox=${bbox.join(',')}`)
    const price = page.getByRole('button', { name: listing.name, exact: false })
    await expect(price).toBeVisible({ timeout: 30_000 })
    await expect(price).toHaveText(/^£\d+(\.\d+)?[km]?$/)
    await price.click()
    const card = page.getByRole('link', { name: listing.name, exact: false }).first()
    await expect(card).toContainText(listing.location)
    await expect(card).toContainText(listing.type === 'rent' ? '/ month' : '£')
    await card.click()
    await expect(page).toHaveURL(new RegExp(`/category/${listing.type}/${listing.id}$`))
  })

  test('after zooming in, Search this area writes bbox and searches within the view', async ({ page }) => {
    const listings = await allListings()
    await page.goto(harness.url)
    await expect(heading(page)).toHaveText(`${listings.length} homes`)
    await expect(markers(page).first()).toBeVisible({ timeout: 30_000 })
    const searchArea = page.getByRole('button', { name: 'Search this area' })
    await expect(searchArea).toHaveCount(0)
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in', exact: true }).click()
    await searchArea.click()
    await expect(page).toHaveURL(/[?&]bbox=-?\d+(\.\d+)?(%2C|,)/)
    const bbox = (new URL(page.url()).searchParams.get('bbox') ?? '').split(',').map(Number)
    const [west = 0, south = 0, east = 0, north = 0] = bbox
    const inside = listings.filter(
      (l) => l.longitude >= west && l.longitude <= east && l.latitude >= south && l.latitude <= north,
    )
    expect(inside.length).toBeLessThan(listings.length)
    await expect(heading(page)).toHaveText(`${inside.length} homes`)
    await expect(searchArea).toHaveCount(0)
  })

  test('says how many it shows when the search found more, and lists them for keyboard users', async ({
    page,
  }) => {
    const listings = await allListings()
    await page.goto(`${harness.url}?limit=5`)
    await expect(page.getByText(`Showing 5 of ${listings.length} homes`, { exact: true })).toBeVisible()
    const list = page.locator('.search-map__list')
    const summary = list.locator('summary')
    await expect(summary).toHaveText(/^Homes on this map \(\d+\)$/)
    await summary.focus()
    await page.keyboard.press('Enter')
    const links = list.getByRole('link')
    await expect(links).toHaveCount(5)
    await links.first().focus()
    await expect(links.first()).toBeFocused()
  })
})
