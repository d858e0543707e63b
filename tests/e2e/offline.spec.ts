import { expect, test } from '@playwright/test'
import { listingCard } from './support/cards'
import { cachedUrls, imageLoaded, waitForServiceWorker } from './support/service-worker'
import { newestListings } from './support/stack'

test.describe('browsing offline', () => {
  test('a list and a listing seen online open offline, with their photos, the map and a banner', async ({
    page,
    context,
  }) => {
    const [listing] = await newestListings({ type: 'rent' })
    if (!listing) throw new Error('the seed has no listing for rent')
    const listingHeading = page.getByRole('heading', { level: 1, name: listing.name })
    const card = listingCard(page, listing)
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' })

    await page.goto('/')
    await waitForServiceWorker(page)
    await page.getByRole('link', { name: 'Places for Rent' }).click()
    await expect(card).toBeVisible()
    expect(await imageLoaded(card.locator('img'))).toBe(true)
    await card.getByRole('link').click()
    await expect(listingHeading).toBeVisible()
    // The cover shows before Swiper takes over the gallery: check the photo in Swiper's first slide.
    const photo = page
      .getByRole('group', { name: /^1 \/ \d+$/ })
      .getByRole('img', { name: `${listing.name} (1 of`, exact: false })
    expect(await imageLoaded(photo)).toBe(true)
    await expect(banner).toBeHidden()
    // Photos come through the service worker's image cache as CORS responses, not from the HTTP cache.
    const photoUrl = await photo.getAttribute('src')
    expect(await cachedUrls(page, 'listing-images')).toContain(photoUrl)

    await context.setOffline(true)
    await page.reload()
    await expect(listingHeading).toBeVisible()
    await expect(banner).toBeVisible()
    await expect(banner).toContainText('Showing homes saved on this device, updated')
    expect(await imageLoaded(photo)).toBe(true)
    // maplibre and its .mjs worker come from the precache: the map draws and labels the location.
    const map = page.getByRole('region', { name: 'Location' })
    await map.scrollIntoViewIfNeeded()
    await expect(map.getByText(listing.location, { exact: true })).toBeVisible({ timeout: 20_000 })

    // A cold deep link to the list, offline.
    await page.goto('/category/rent')
    await expect(page.getByRole('heading', { level: 1, name: 'Places for Rent' })).toBeVisible()
    await expect(card).toBeVisible()
    expect(await imageLoaded(card.locator('img'))).toBe(true)
    await expect(banner).toBeVisible()

    // A cold deep link to the listing, offline.
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(listingHeading).toBeVisible()
    expect(await imageLoaded(photo)).toBe(true)
  })

  test('contacting a landlord offline says it needs a connection', async ({ page, context }) => {
    const [listing] = await newestListings()
    if (!listing) throw new Error('the seed has no listings')
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.goto(`/contact/${listing.user_ref}?listingName=${encodeURIComponent(listing.name)}`)
    await expect(
      page.getByText('You are offline. Contacting a landlord needs a connection.', { exact: true }),
    ).toBeVisible()
  })
})
