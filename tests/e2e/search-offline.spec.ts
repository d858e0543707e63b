import { expect, test } from '@playwright/test'
import { listingCard } from './support/cards'
import { expectStoredView } from './support/device'
import { waitForServiceWorker } from './support/service-worker'
import { newestListings } from './support/stack'

test('offline, /search runs the same filters and sort over the homes kept on this device', async ({
  page,
  context,
}) => {
  // The first page of Places for Rent is what this device will hold of the rent listings.
  const seen = (await newestListings({ type: 'rent' })).slice(0, 10)
  const [first] = seen
  if (!first) throw new Error('the seed has no listing for rent')
  const cards = page.getByRole('main').getByRole('listitem')
  const fromDevice = page.getByText('these results come from the homes kept on this device')

  await page.goto('/')
  await waitForServiceWorker(page)
  const opened = Date.now()
  await page.goto('/category/rent')
  await expect(listingCard(page, first)).toBeVisible()
  await expect(cards).toHaveCount(10)
  // Seen means kept: the device writes the page once the screen has loaded.
  await expectStoredView(page, 'category:rent', opened)

  await context.setOffline(true)
  await page.goto('/search?type=rent&sort=price-desc')
  await expect(fromDevice).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible()
  // Listings seen elsewhere (the Recommended slider) may be stored too: at least the rent page is.
  const heading = page.getByRole('heading', { level: 2, name: /^\d+ homes?$/ })
  await expect(heading).toBeVisible()
  const count = Number((await heading.textContent())?.split(' ')[0])
  expect(count).toBeGreaterThanOrEqual(seen.length)
  const prices = (await cards.getByText(/^£[\d,]+ \/ month$/).allTextContents()).map((text) =>
    Number(text.replace(/[^\d]/g, '')),
  )
  expect(prices.length).toBe(Math.min(count, 10))
  expect(prices).toEqual([...prices].sort((a, b) => b - a))
  await expect(cards.filter({ hasText: 'For Sale' })).toHaveCount(0)

  // Keywords too: the start of a word of the first listing's location finds it.
  const place =
    first.location
      .match(/[A-Za-z]{4,}/)?.[0]
      .slice(0, 5)
      .toLowerCase() ?? ''
  await page.getByRole('button', { name: /^Filters/ }).click()
  await page.getByRole('textbox', { name: 'Keywords' }).fill(place)
  await page.getByRole('textbox', { name: 'Keywords' }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`keywords=${place}`))
  await expect(fromDevice).toBeVisible()
  await expect(listingCard(page, first)).toBeVisible()

  await page.goto('/search?q=zzqqxx')
  await expect(page.getByText('No homes match your search')).toBeVisible()
})
