import { expect, type Page, test } from '@playwright/test'
import { withPublishingFacts } from '../integration/support/publishing-facts'
import { newAccount } from './support/accounts'
import { pressLoadMoreWhileLoading } from './support/load-more'
import { ONLINE_ONLY } from './support/service-worker'
import { anon, apiClient } from './support/stack'

test.use(ONLINE_ONLY)

/** How many listings a search finds, asked of the server as /search asks it (count_homes: 1001 is `1,000+`). */
async function countMatching(search: Record<string, unknown> = {}) {
  const { data, error } = await anon.rpc('count_homes', { search })
  if (error || typeof data !== 'number') throw error ?? new Error('no count')
  return data
}

const LONDON = 2643743
const YORK = 2633352
const LEEDS = 2644688

/** The listing ids in the order a price sort gives them (the price a person pays, then id). */
async function idsByPrice(limit: number): Promise<string[]> {
  const { data, error } = await anon
    .from('listings')
    .select('id')
    .order('effective_price', { ascending: true })
    .order('id', { ascending: true })
    .limit(limit)
  if (error) throw error
  return (data as { id: string }[]).map((row) => row.id)
}

const homes = (count: number) =>
  count > 1000 ? '1,000+ homes' : `${count.toLocaleString('en-GB')} ${count === 1 ? 'home' : 'homes'}`
const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d,]+\+? homes?$/ })
const cards = (page: Page) => page.getByRole('main').getByRole('listitem')
const searchField = (page: Page) => page.getByRole('combobox', { name: 'Search by place or keyword' })
const sortBy = (page: Page) => page.getByRole('combobox', { name: 'Sort by' })

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

test.describe('searching for a home', () => {
  test('each control writes the URL, a reload keeps the search and Back returns to the one before', async ({
    page,
  }) => {
    await page.goto('/search')
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
    await expect(countHeading(page)).toHaveText(homes(await countMatching()))

    // Typed and searched without picking a suggestion: the one place of that name.
    await searchField(page).fill('London')
    await searchField(page).press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${LONDON}$`))
    await expect(countHeading(page)).toHaveText(homes(await countMatching({ place: LONDON })))

    await openFilters(page)
    await page.getByRole('radio', { name: 'Rent' }).check()
    await expect(page).toHaveURL(/[?&]type=rent/)
    await page.getByRole('combobox', { name: 'Min bedrooms' }).selectOption('2')
    await expect(page).toHaveURL(/[?&]minBeds=2/)
    await expect(page.getByRole('button', { name: 'Filters, 2 set' })).toBeVisible()
    const expected = await countMatching({ place: LONDON, type: 'rent', minBeds: 2 })
    await expect(countHeading(page)).toHaveText(homes(expected))
    await expect(cards(page)).toHaveCount(Math.min(expected, 10))

    await sortBy(page).selectOption({ label: 'Lowest price' })
    await expect(page).toHaveURL(/[?&]sort=price-asc/)
    const prices = await cards(page)
      .getByText(/^£[\d,]+ \/ month$/)
      .allTextContents()
    const amounts = prices.map((text) => Number(text.replace(/[^\d]/g, '')))
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))

    await page.reload()
    await expect(searchField(page)).toHaveValue('London, England')
    await openFilters(page)
    await expect(page.getByRole('radio', { name: 'Rent' })).toBeChecked()
    await expect(page.getByRole('combobox', { name: 'Min bedrooms' })).toHaveValue('2')
    await expect(sortBy(page)).toHaveValue('price-asc')
    await expect(countHeading(page)).toHaveText(homes(expected))

    await page.goBack()
    await expect(page).not.toHaveURL(/sort=/)
    await expect(sortBy(page)).toHaveValue('newest')
    await page.goBack()
    await expect(page).not.toHaveURL(/minBeds=/)
    await expect(page.getByRole('combobox', { name: 'Min bedrooms' })).toHaveValue('')
    await expect(countHeading(page)).toHaveText(homes(await countMatching({ place: LONDON, type: 'rent' })))
  })

  test('nonsense in the URL is dropped, never an error screen', async ({ page }) => {
    await page.goto(
      '/search?q=York&type=castle&minPrice=cheap&maxPrice=-5&minBeds=2.5&parking=yes&sort=random&view=globe&bbox=1,2',
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
    await expect(searchField(page)).toHaveValue('York, England')
    await expect(sortBy(page)).toHaveValue('newest')
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible()
    await openFilters(page)
    await expect(page.getByRole('radio', { name: 'Any' })).toBeChecked()
    await expect(page.getByRole('textbox', { name: 'Min price' })).toHaveValue('')
    await expect(page.getByRole('checkbox', { name: 'Parking' })).not.toBeChecked()
    await expect(countHeading(page)).toHaveText(homes(await countMatching({ place: YORK })))
  })

  test('a search that matches nothing says so, and Clear filters shows every home again', async ({
    page,
  }) => {
    await page.goto('/search?q=zzqqxx&type=sale&offer=true')
    await expect(countHeading(page)).toHaveText('0 homes')
    await expect(page.getByText('No homes match your search')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/search$/)
    await expect(countHeading(page)).toHaveText(homes(await countMatching()))
    await expect(searchField(page)).toHaveValue('')
  })

  test('Load More pages through a price sort with no duplicate and no gap', async ({ page }) => {
    const expected = await idsByPrice(20)
    await page.goto('/search?sort=price-asc')
    await expect(cards(page)).toHaveCount(10)
    await page.getByRole('button', { name: 'Load More' }).click()
    await expect(cards(page)).toHaveCount(Math.min(20, await countMatching()))
    const hrefs = await cards(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(hrefs.map((href) => href.split('/').at(-1))).toEqual(expected)
  })

  test('a search with words pages newest first and by price from its functions, with no duplicate and no gap', async ({
    page,
  }) => {
    // Twelve homes of a place nobody else has, published one after another by a landlord of their own.
    const place = `Kestrelmoor${Date.now().toString(36)}`
    const account = newAccount('kestrelmoor')
    const landlord = apiClient()
    const signedUp = await landlord.auth.signUp({ email: account.email, password: account.password })
    if (signedUp.error) throw signedUp.error
    const published: string[] = []
    const prices: number[] = []
    for (let i = 0; i < 12; i += 1) {
      // Four prices, three homes at each: ties fall to the id.
      prices.push(900 + (i % 4) * 50)
      const { data, error } = await landlord
        .from('listings')
        .insert(
          withPublishingFacts({
            type: 'rent',
            name: `Moor cottage ${i}`,
            location: `${i} Fell Road, ${place}`,
            description: 'A cottage with a garden.',
            bedrooms: 2,
            bathrooms: 1,
            parking: false,
            furnished: false,
            offer: false,
            regular_price: prices[i],
            image_urls: ['https://example.com/a.jpg'],
            latitude: 54.4,
            longitude: -2.9,
          }),
        )
        .select('id')
        .single()
      if (error) throw error
      published.push(data.id)
    }
    try {
      const asked = page.waitForRequest(/\/rest\/v1\/rpc\/search_homes\?/)
      await page.goto(`/search?keywords=${place.toLowerCase()}%20garden`)
      expect(new URL((await asked).url()).searchParams.get('search')).toContain(
        `${place.toLowerCase()} garden`,
      )
      await expect(countHeading(page)).toHaveText('12 homes')
      await expect(cards(page)).toHaveCount(10)
      await page.getByRole('button', { name: 'Load More' }).click()
      await expect(cards(page)).toHaveCount(12)
      const hrefs = await cards(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      expect(hrefs.map((href) => href.split('/').at(-1))).toEqual(published.toReversed())
      await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0)

      // Price falling: the highest first, and among homes of one price the greater id first.
      const byPrice = published
        .map((id, i) => ({ id, price: prices[i] ?? 0 }))
        .sort((a, b) => b.price - a.price || (a.id < b.id ? 1 : -1))
        .map((home) => home.id)
      const askedByPrice = page.waitForRequest(/\/rest\/v1\/rpc\/search_homes\?/)
      await sortBy(page).selectOption('price-desc')
      expect(new URL((await askedByPrice).url()).searchParams.get('sort')).toBe('price-desc')
      await expect(cards(page)).toHaveCount(10)
      const nextPage = page.waitForRequest(/\/rest\/v1\/rpc\/search_homes\?.*after=/)
      await page.getByRole('button', { name: 'Load More' }).click()
      await nextPage
      await expect(cards(page)).toHaveCount(12)
      const byPriceHrefs = await cards(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      expect(byPriceHrefs.map((href) => href.split('/').at(-1))).toEqual(byPrice)
    } finally {
      // Gone again, so other specs' newest homes are the seed's.
      await landlord.from('listings').delete().in('id', published)
    }
    const { count } = await anon
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .in('id', published)
    expect(count).toBe(0)
  })

  test('Load More shows it is loading until the next page is in, keeps the focus, and fetches it once', async ({
    page,
  }) => {
    const expected = await idsByPrice(20)
    await page.goto('/search?sort=price-asc')
    await expect(cards(page)).toHaveCount(10)
    const requests = await pressLoadMoreWhileLoading(
      page,
      /\/rest\/v1\/rpc\/search_homes\?.*after=/,
      async () => {
        await expect(cards(page)).toHaveCount(20)
        const hrefs = await cards(page)
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
        expect(hrefs.map((href) => href.split('/').at(-1))).toEqual(expected)
      },
    )
    expect(requests).toBe(1)
  })

  test('mixed results say on each card whether the home is for rent or for sale', async ({ page }) => {
    await page.goto('/search')
    await expect(cards(page)).toHaveCount(10)
    const typed = cards(page).filter({ hasText: /For (Rent|Sale)/ })
    await expect(typed).toHaveCount(10)
    await expect(cards(page).first()).toContainText(/Added (today|yesterday|on \d{1,2} [A-Z][a-z]{2})/)
  })

  test("Explore's search field opens the search with its text", async ({ page }) => {
    await page.goto('/')
    await searchField(page).fill('Leeds')
    await searchField(page).press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search\\?place=${LEEDS}$`))
    await expect(searchField(page)).toHaveValue('Leeds, England')
    await expect(countHeading(page)).toHaveText(homes(await countMatching({ place: LEEDS })))
  })

  test('the category lists and Offers open the search with their filter set', async ({ page }) => {
    await page.goto('/category/rent')
    await page.getByRole('link', { name: 'Filter and sort' }).click()
    await expect(page).toHaveURL(/\/search\?type=rent$/)
    await expect(countHeading(page)).toHaveText(homes(await countMatching({ type: 'rent' })))
    await page.goto('/offers')
    await page.getByRole('link', { name: 'Filter and sort' }).click()
    await expect(page).toHaveURL(/\/search\?offer=true$/)
    await openFilters(page)
    await expect(page.getByRole('checkbox', { name: 'Offers only' })).toBeChecked()
  })
})
