import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { listingCard } from './support/cards'
import { type MarketListing, publishHomes, removeHomes, uniqueWord } from './support/market'
import { ONLINE_ONLY } from './support/service-worker'

// Search by the property facts (#55): property types (several at once), `Min floor area`, `EPC at least`, and
// for rent `Pets considered`, `Bills included` and `Available by`; the URL holds them, a reload keeps them, and
// a link's junk is left out and said.

test.use(ONLINE_ONLY)

const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d,]+\+? homes?$/ })
const filtersSheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' })
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

let made: MarketListing[] = []

test.afterEach(async () => {
  await removeHomes(made)
  made = []
})

test('choosing the fact filters narrows the results, and the URL keeps them through a reload', async ({
  page,
}) => {
  const word = uniqueWord('Fct')
  const facts = { council_tax_band: 'C', deposit: 2000, min_tenancy_months: 12 }
  made = await publishHomes([
    {
      name: `${word} flat`,
      columns: {
        ...facts,
        property_type: 'flat',
        floor_area_m2: 62,
        epc_rating: 'C',
        pets_considered: true,
        bills_included: true,
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
        pets_considered: true,
        bills_included: false,
        available_from: '2099-06-30',
      },
    },
    {
      name: `${word} cottage`,
      columns: {
        ...facts,
        property_type: 'cottage',
        floor_area_m2: 95,
        epc_rating: 'exempt',
        epc_exempt_reason: 'Listed building',
        pets_considered: false,
        available_now: true,
      },
    },
  ])
  const [flat, studio, cottage] = made as [MarketListing, MarketListing, MarketListing]
  await page.goto(`/search?${new URLSearchParams({ keywords: word })}`)
  await expect(countHeading(page)).toHaveText('3 homes')

  await page.getByRole('button', { name: /^Filters/ }).click()
  const sheet = filtersSheet(page)
  await sheet.getByRole('radio', { name: 'Rent' }).check()
  await sheet.getByRole('checkbox', { name: 'Flat' }).check()
  await sheet.getByRole('checkbox', { name: 'Studio' }).check()
  await expect(page).toHaveURL(/propertyType=flat%2Cstudio/)
  await expect(countHeading(page)).toHaveText('2 homes')

  await sheet.getByRole('combobox', { name: 'EPC at least' }).selectOption('C')
  await sheet.getByRole('checkbox', { name: 'Pets considered' }).check()
  await expect(countHeading(page)).toHaveText('2 homes')
  await sheet.getByRole('combobox', { name: 'Min floor area' }).selectOption('50')
  await expect(countHeading(page)).toHaveText('1 home')
  await sheet.getByRole('combobox', { name: 'Min floor area' }).selectOption('')
  await sheet.getByLabel('Available by').fill('2099-06-29')
  await expect(countHeading(page)).toHaveText('1 home')
  await sheet.getByRole('checkbox', { name: 'Bills included' }).check()
  await expect(countHeading(page)).toHaveText('1 home')
  await expect(new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).resolves.toMatchObject({
    violations: [],
  })
  await sheet.getByRole('button', { name: 'Show 1 home' }).click()
  await expect(sheet).toBeHidden()

  const url = new URL(page.url())
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    type: 'rent',
    propertyType: 'flat,studio',
    epc: 'C',
    pets: 'true',
    bills: 'true',
    availableBy: '2099-06-29',
  })
  await page.reload()
  await expect(countHeading(page)).toHaveText('1 home')
  await expect(listingCard(page, flat)).toBeVisible()
  await expect(listingCard(page, studio)).toHaveCount(0)
  await expect(listingCard(page, cottage)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Filters, 7 set' })).toBeVisible()

  // The sheet shows what the URL holds; an exempt home matches no EPC filter.
  await page.getByRole('button', { name: /^Filters/ }).click()
  await expect(sheet.getByRole('checkbox', { name: 'Flat' })).toBeChecked()
  await expect(sheet.getByRole('checkbox', { name: 'Studio' })).toBeChecked()
  await expect(sheet.getByLabel('Available by')).toHaveValue('2099-06-29')
  await page.goto(`/search?${new URLSearchParams({ keywords: word, epc: 'G' })}`)
  await expect(countHeading(page)).toHaveText('2 homes')
  await expect(listingCard(page, cottage)).toHaveCount(0)
})

test('a link’s fact filters with junk are left out, and the screen says which', async ({ page }) => {
  await page.goto(
    `/search?${new URLSearchParams({ propertyType: 'flat,castle', minArea: '0', epc: 'exempt', minBeds: '2' })}`,
  )
  await expect(page).toHaveURL(/\/search\?minBeds=2$/)
  await expect(
    status(
      page,
      'This link’s the property type (not one Roost knows), the min floor area (a whole number of m², up to 10,000) and the EPC rating (EPC at least is a letter from A to G) could not be used, so the search leaves them out.',
    ),
  ).toBeVisible()

  await page.goto(`/search?${new URLSearchParams({ type: 'sale', pets: 'true', availableBy: '2027-02-30' })}`)
  await expect(page).toHaveURL(/\/search\?type=sale$/)
  await expect(
    status(
      page,
      'This link’s Pets considered (a filter for homes to rent) and the Available by date (it could not be read) could not be used, so the search leaves them out.',
    ),
  ).toBeVisible()
  await expect(countHeading(page)).toBeVisible()
})
