import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { type PropertyFacts, propertyFactRows } from '../../src/utils/property-facts'
import { listingCard } from './support/cards'
import { type MarketListing, publishHomes, removeHomes, uniqueWord } from './support/market'
import { ONLINE_ONLY } from './support/service-worker'
import { anon, signInAs } from './support/stack'

test.use(ONLINE_ONLY)

const FACT_COLUMNS =
  'id,type,name,property_type,floor_area_m2,epc_rating,epc_exempt_reason,council_tax_band,rates_per_year,' +
  'tenure,lease_years_left,ground_rent_per_year,service_charge_per_year,deposit,available_now,' +
  'available_from,min_tenancy_months,bills_included,pets_considered'

type FactsRow = { id: string; type: 'rent' | 'sale'; name: string } & Record<string, unknown>

/** A row's facts as the app names them. */
const factsOf = (row: FactsRow): Partial<PropertyFacts> =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  )

/** A demo home of `type` with every fact the page shows given and an EPC letter (not exempt), the newest. */
async function demoHomeWithAllFacts(type: 'rent' | 'sale', leasehold = false): Promise<FactsRow> {
  const { data, error } = await anon
    .from('listings')
    .select(FACT_COLUMNS)
    .eq('type', type)
    .order('created_at', { ascending: false })
  if (error) throw error
  const given = (row: FactsRow, ...columns: string[]) => columns.every((column) => row[column] != null)
  const row = (data as unknown as FactsRow[]).find(
    (home) =>
      given(home, 'property_type', 'floor_area_m2', 'epc_rating', 'council_tax_band') &&
      home.epc_rating !== 'exempt' &&
      (type === 'rent'
        ? given(home, 'deposit', 'min_tenancy_months', 'bills_included', 'pets_considered') &&
          (home.available_now === true || home.available_from != null)
        : leasehold
          ? home.tenure === 'leasehold' &&
            given(home, 'lease_years_left', 'ground_rent_per_year', 'service_charge_per_year')
          : given(home, 'tenure')),
  )
  if (!row) throw new Error(`the demo seed has no ${type} home with every fact`)
  return row
}

const factsSection = (page: Page) => page.getByRole('region', { name: 'Property facts' })

/** The page's facts as `term: value`, read from its description list. */
async function shownFacts(page: Page): Promise<string[]> {
  const section = factsSection(page)
  await expect(section).toBeVisible()
  return section
    .locator('.property-facts__item')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${item.querySelector('dt')?.textContent ?? ''}: ${item.querySelector('dd .visually-hidden')?.textContent ?? item.querySelector('dd')?.textContent ?? ''}`,
      ),
    )
}

test.describe('property facts', () => {
  for (const [label, type, leasehold] of [
    ['a home to rent', 'rent', false],
    ['a leasehold home for sale', 'sale', true],
  ] as const) {
    test(`the page of ${label} with every fact shows each of them, the EPC on its scale`, async ({
      page,
    }) => {
      const home = await demoHomeWithAllFacts(type, leasehold)
      await page.goto(`/category/${home.type}/${home.id}`)
      await expect(page.getByRole('heading', { level: 1, name: home.name })).toBeVisible()
      const expected = propertyFactRows(home.type, factsOf(home)).map((row) => `${row.term}: ${row.value}`)
      expect(await shownFacts(page)).toEqual(expected)
      expect(expected.join('\n')).not.toContain('Not provided')
      // The terms and values are a description list; the rating is read out in words, drawn on its scale.
      const section = factsSection(page)
      await expect(section.locator('dl > div > dt')).toHaveCount(expected.length)
      await expect(section.getByText(`EPC rating ${home.epc_rating as string}`)).toBeAttached()
      await expect(section.locator('.epc-scale__band--current')).toHaveText(home.epc_rating as string)
      await expect(section.locator('.epc-scale__band')).toHaveCount(7)

      const results = await new AxeBuilder({ page })
        .include('.property-facts')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze()
      expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
    })
  }

  test('fits a 320 px screen at 200% text', async ({ page }) => {
    const home = await demoHomeWithAllFacts('sale', true)
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto(`/category/${home.type}/${home.id}`)
    await expect(factsSection(page)).toBeVisible()
    await page.addStyleTag({ content: 'html { font-size: 200% } body { font-size: 32px }' })
    const section = factsSection(page)
    await section.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    for (const item of await section.locator('.property-facts__item').all())
      expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
  })

  test.describe('published homes', () => {
    let homes: MarketListing[] = []
    test.afterEach(async () => {
      await removeHomes(homes)
      homes = []
    })

    test('a home without facts says Not provided for each; a card shows its line, or none', async ({
      page,
    }) => {
      const word = uniqueWord('facts')
      homes = await publishHomes([
        { name: `Bare ${word}` },
        {
          name: `Known ${word}`,
          columns: { property_type: 'flat', floor_area_m2: 62, epc_rating: 'C' },
        },
      ])
      const [bare, known] = homes as [MarketListing, MarketListing]

      await page.goto('/category/rent')
      await expect(listingCard(page, known)).toContainText('Flat · 62 m² · EPC C')
      await expect(listingCard(page, bare)).toBeVisible()
      await expect(listingCard(page, bare).locator('.listing-card__facts')).toHaveCount(0)

      await page.goto(bare.path)
      expect(await shownFacts(page)).toEqual([
        'Property type: Not provided',
        'Floor area: Not provided',
        'EPC rating: Not provided',
        'Council tax band: Not provided',
        'Deposit: Not provided',
        'Available from: Not provided',
        'Minimum tenancy: Not provided',
        'Bills included: Not provided',
        'Pets considered: Not provided',
      ])
    })

    test('Your Listings asks its landlord to add the facts publishing needs, and links to the edit screen', async ({
      page,
    }) => {
      const session = await signInAs(page, 'alice@example.com')
      const word = uniqueWord('yours')
      homes = await publishHomes([
        { name: `Lacking ${word}`, owner: session.user.id, columns: { epc_rating: 'B' } },
        {
          name: `Complete ${word}`,
          owner: session.user.id,
          columns: { epc_rating: 'B', council_tax_band: 'C', deposit: 2000 },
        },
      ])
      const [lacking, complete] = homes as [MarketListing, MarketListing]
      await page.goto('/profile')
      await expect(page.getByRole('heading', { level: 2, name: 'Your Listings' })).toBeVisible()
      const add = listingCard(page, lacking).getByRole('link', { name: /^Add the property facts/ })
      await expect(add).toBeVisible()
      await expect(add).toHaveText(`Add the property facts of ${lacking.name}`)
      await expect(listingCard(page, complete)).toBeVisible()
      await expect(
        listingCard(page, complete).getByRole('link', { name: /Add the property facts/ }),
      ).toHaveCount(0)
      await add.click()
      await expect(page).toHaveURL(new RegExp(`/edit-listing/${lacking.id}$`))
    })
  })
})
