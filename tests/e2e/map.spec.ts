import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { cachedUrls, waitForServiceWorker } from './support/service-worker'
import { API_URL, newestListings, type SeedListing } from './support/stack'

/** The local tiles' land and sea colours (packages/local-supabase/src/tiles/render.ts), unlike the map's grey background. */
const TILE_COLOURS = [
  [0xee, 0xf0, 0xe8],
  [0xb9, 0xd3, 0xdc],
]
const TILE_URL = /\/tiles\/v1\/\d+\/\d+\/\d+\.png$/

/** The share of the map frame's pixels that show the tiles' land or sea: 0 when no tile was drawn. */
async function tileShare(frame: Locator): Promise<number> {
  const { data, info } = await sharp(await frame.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let drawn = 0
  for (let i = 0; i < data.length; i += info.channels) {
    if (TILE_COLOURS.some((colour) => colour.every((c, k) => Math.abs((data[i + k] as number) - c) <= 2)))
      drawn++
  }
  return drawn / (info.width * info.height)
}

async function aListing(): Promise<SeedListing> {
  const [listing] = await newestListings()
  if (!listing) throw new Error('the seed has no listings')
  return listing
}

const locationMap = (page: Page) => page.getByRole('region', { name: 'Location' })

async function showMap(page: Page, listing: SeedListing): Promise<Locator> {
  const map = locationMap(page)
  // In the middle of the screen, clear of the bars fixed at its foot (Contact Landlord, the navigation).
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await expect(map.getByText(listing.location, { exact: true })).toBeVisible({ timeout: 20_000 })
  return map.locator('.map-frame')
}

test.describe('the listing map', () => {
  test('draws tiles of the local stack, and draws them again offline from the cache', async ({
    page,
    context,
  }) => {
    const listing = await aListing()
    await page.goto('/')
    await waitForServiceWorker(page)
    const tiles: Array<{ url: string; status: number }> = []
    page.on('response', (response) => {
      if (TILE_URL.test(response.url())) tiles.push({ url: response.url(), status: response.status() })
    })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    const frame = await showMap(page, listing)
    await expect.poll(() => tileShare(frame), { timeout: 20_000 }).toBeGreaterThan(0.3)
    expect(tiles.length).toBeGreaterThan(0)
    for (const response of tiles) {
      expect(response.url.startsWith(`${API_URL}/tiles/v1/`)).toBe(true)
      expect(response.status).toBe(200)
    }
    await expect(frame.getByText('Natural Earth')).toBeVisible()
    await expect(frame.getByText('GeoNames', { exact: false })).toBeVisible()
    await expect.poll(async () => (await cachedUrls(page, 'map-tiles')).length).toBeGreaterThan(0)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()
    const offlineFrame = await showMap(page, listing)
    await expect.poll(() => tileShare(offlineFrame), { timeout: 20_000 }).toBeGreaterThan(0.3)
    await expect(offlineFrame.getByText(/Map unavailable/)).toHaveCount(0)
  })

  test('a map that cannot get its tiles says so in its frame, and the page carries on', async ({
    page,
    context,
  }) => {
    const listing = await aListing()
    const viewport = page.viewportSize()
    await page.goto('/')
    await waitForServiceWorker(page)
    // Seen online without its map (a screen too short for the map frame to come into view, however short
    // the listing): the listing is kept for offline, its tiles are not.
    await page.setViewportSize({ width: 390, height: 200 })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    const heading = page.getByRole('heading', { level: 1, name: listing.name })
    await expect(heading).toBeVisible()
    expect(await cachedUrls(page, 'map-tiles')).toEqual([])

    await context.setOffline(true)
    if (viewport) await page.setViewportSize(viewport)
    await page.reload()
    await expect(heading).toBeVisible()
    const frame = await showMap(page, listing)
    await expect(frame.getByRole('status').filter({ hasText: 'Map unavailable offline' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(heading).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact Landlord' })).toBeVisible()
  })
})
