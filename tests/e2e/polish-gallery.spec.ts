import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { ONLINE_ONLY } from './support/service-worker'
import { anon } from './support/stack'

test.use(ONLINE_ONLY)

type PhotoListing = { id: string; type: 'rent' | 'sale'; name: string; image_urls: string[] }

async function listingWithPhotos(min: number): Promise<PhotoListing> {
  const { data, error } = await anon.from('listings').select('id,type,name,image_urls')
  if (error) throw error
  const listing = (data as PhotoListing[]).find((l) => l.image_urls.length >= min)
  if (!listing) throw new Error(`the seed has no listing with ${min} photos`)
  return listing
}

/**
 * Waits until the full-screen viewer shows photo `n` at rest: Swiper has started (the count shows as soon as the
 * dialog renders, but arrow keys and swipes are heard only from Swiper's start, once it has measured the opened
 * dialog) and the photo fills the view (the count changes as a slide starts to move, and a finger that lands
 * before it stops grabs the photos part way, as on a phone).
 */
async function photoAtRest(viewer: Locator, n: number, count: number) {
  await expect(viewer.locator('.swiper-initialized')).toBeAttached()
  await expect(viewer.getByRole('group', { name: `${n} / ${count}` })).toBeInViewport({ ratio: 0.99 })
}

/** The page's gallery, once Swiper has taken over from the cover. */
async function openListing(page: Page, listing: PhotoListing) {
  await page.goto(`/category/${listing.type}/${listing.id}`)
  const count = listing.image_urls.length
  await expect(page.getByRole('group', { name: `1 / ${count}` })).toBeVisible()
  return count
}

test.describe('the gallery full screen', () => {
  test('opens on a tap at that photo, counts, moves by keys and swipes, and closes back at the same photo', async ({
    page,
  }) => {
    const listing = await listingWithPhotos(3)
    const count = await openListing(page, listing)
    await page.getByRole('button', { name: `View photo 1 of ${count} full screen` }).click()
    const viewer = page.getByRole('dialog', { name: `Photos of ${listing.name}` })
    await expect(viewer).toBeVisible()
    await expect(viewer.getByText(`1 / ${count}`, { exact: true })).toBeVisible()
    await photoAtRest(viewer, 1, count)

    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByText(`2 / ${count}`, { exact: true })).toBeVisible()
    await photoAtRest(viewer, 2, count)

    // A swipe to the left, as a finger would.
    const box = await viewer.boundingBox()
    if (!box) throw new Error('the viewer has no box')
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + box.width * 0.8, y)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 })
    await page.mouse.move(box.x + box.width * 0.15, y, { steps: 5 })
    await page.mouse.up()
    await expect(viewer.getByText(`3 / ${count}`, { exact: true })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(page.getByRole('group', { name: `3 / ${count}` })).toBeInViewport({ ratio: 0.9 })
    await expect(page.getByRole('button', { name: `View photo 3 of ${count} full screen` })).toBeFocused()

    // The close button returns too, at the photo shown last.
    await page.getByRole('button', { name: `View photo 3 of ${count} full screen` }).click()
    await expect(viewer.getByText(`3 / ${count}`, { exact: true })).toBeVisible()
    await photoAtRest(viewer, 3, count)
    await page.keyboard.press('ArrowLeft')
    await expect(viewer.getByText(`2 / ${count}`, { exact: true })).toBeVisible()
    await viewer.getByRole('button', { name: 'Close photos' }).click()
    await expect(viewer).toBeHidden()
    await expect(page.getByRole('group', { name: `2 / ${count}` })).toBeInViewport({ ratio: 0.9 })
  })

  test('zooms a photo with a pinch', async ({ page }) => {
    const listing = await listingWithPhotos(2)
    const count = await openListing(page, listing)
    await page.getByRole('button', { name: `View photo 1 of ${count} full screen` }).click()
    const viewer = page.getByRole('dialog', { name: `Photos of ${listing.name}` })
    const photo = viewer.getByRole('img', { name: `${listing.name} (1 of ${count})` })
    await expect(photo).toBeVisible()
    const before = await photo.boundingBox()
    if (!before) throw new Error('the photo has no box')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Input.synthesizePinchGesture', {
      x: before.x + before.width / 2,
      y: before.y + before.height / 2,
      scaleFactor: 2.5,
      gestureSourceType: 'touch',
    })
    await expect.poll(async () => (await photo.boundingBox())?.width ?? 0).toBeGreaterThan(before.width * 1.5)
  })

  test('has no WCAG 2 A/AA violation', async ({ page }) => {
    const listing = await listingWithPhotos(2)
    const count = await openListing(page, listing)
    await page.getByRole('button', { name: `View photo 1 of ${count} full screen` }).click()
    await expect(page.getByRole('dialog', { name: `Photos of ${listing.name}` })).toBeVisible()
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .include('.gallery-viewer')
      .analyze()
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
  })
})

test('Share opens the phone share sheet where there is one, with the listing name and link', async ({
  page,
}) => {
  const listing = await listingWithPhotos(1)
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        Object.assign(window, { sharedData: data })
      },
    })
  })
  await page.goto(`/category/${listing.type}/${listing.id}`)
  await page.getByRole('button', { name: 'Share this listing' }).click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedData?: ShareData }).sharedData ?? null))
    .toEqual({ title: listing.name, url: page.url() })
  await expect(page.getByText('Link Copied!')).toHaveCount(0)
})
