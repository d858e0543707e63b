import { expect, test } from '@playwright/test'
import { listingCard } from './support/cards'
import { expectStoredView } from './support/device'
import { type MarketListing, publishHomes, removeHomes, uniqueWord } from './support/market'
import { waitForServiceWorker } from './support/service-worker'

// Offline, /search applies the property facts' filters (#55) to the homes kept on the device, as the server does.

let made: MarketListing[] = []

test.afterEach(async () => {
  await removeHomes(made)
  made = []
})

test('offline, the fact filters narrow the homes kept on this device', async ({ page, context }) => {
  const word = uniqueWord('Off')
  const facts = { council_tax_band: 'B', deposit: 2000, min_tenancy_months: 12 }
  made = await publishHomes([
    {
      name: `${word} cottage`,
      columns: {
        ...facts,
        property_type: 'cottage',
        floor_area_m2: 90,
        epc_rating: 'exempt',
        epc_exempt_reason: 'Listed building',
        pets_considered: true,
        available_now: true,
      },
    },
    {
      name: `${word} studio`,
      columns: {
        ...facts,
        property_type: 'studio',
        floor_area_m2: 30,
        epc_rating: 'B',
        pets_considered: false,
        available_from: '2099-06-30',
      },
    },
    {
      name: `${word} flat`,
      columns: {
        ...facts,
        property_type: 'flat',
        floor_area_m2: 62,
        epc_rating: 'C',
        pets_considered: true,
        available_now: true,
      },
    },
  ])
  const [cottage, studio, flat] = made as [MarketListing, MarketListing, MarketListing]
  const cards = page.getByRole('main').getByRole('listitem')
  const fromDevice = page.getByText('these results come from the homes kept on this device')

  await page.goto('/')
  await waitForServiceWorker(page)
  const opened = Date.now()
  // The newest homes to rent: these three, kept on the device once the page has loaded.
  await page.goto('/category/rent')
  await expect(listingCard(page, flat)).toBeVisible()
  await expectStoredView(page, 'category:rent', opened)

  await context.setOffline(true)
  await page.goto(`/search?${new URLSearchParams({ keywords: word, type: 'rent' })}`)
  await expect(fromDevice).toBeVisible()
  await expect(cards).toHaveCount(3)

  await page.goto(
    `/search?${new URLSearchParams({ keywords: word, type: 'rent', propertyType: 'flat,studio' })}`,
  )
  await expect(fromDevice).toBeVisible()
  await expect(cards).toHaveCount(2)
  await expect(listingCard(page, cottage)).toHaveCount(0)

  // An exempt home meets no EPC filter; pets and Available by are the rent filters.
  await page.goto(`/search?${new URLSearchParams({ keywords: word, type: 'rent', epc: 'G' })}`)
  await expect(cards).toHaveCount(2)
  await expect(listingCard(page, cottage)).toHaveCount(0)
  await page.goto(
    `/search?${new URLSearchParams({ keywords: word, type: 'rent', pets: 'true', availableBy: '2099-06-29', minArea: '60' })}`,
  )
  await expect(fromDevice).toBeVisible()
  await expect(cards).toHaveCount(2)
  await expect(listingCard(page, studio)).toHaveCount(0)
  await page.goto(`/search?${new URLSearchParams({ keywords: word, type: 'rent', minArea: '80', epc: 'C' })}`)
  await expect(page.getByText('No homes match your search')).toBeVisible()
})
