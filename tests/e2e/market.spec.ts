import { expect, type Locator, type Page, test } from '@playwright/test'
import { formatDay } from '../../src/utils/format-market'
import { holdRequests } from './support/hold'
import {
  type MarketListing,
  publishHomes,
  removeHomes,
  setPrice,
  setStatus,
  statusChangedDaysAgo,
  uniqueWord,
} from './support/market'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

// Each test publishes its own homes, named with a word no other home holds, and removes them after.
let made: MarketListing[] = []
const publish = async (...homes: Parameters<typeof publishHomes>[0]) => {
  const homesMade = await publishHomes(homes)
  made.push(...homesMade)
  return homesMade
}
test.afterEach(async () => {
  await removeHomes(made)
  made = []
})

const cards = (page: Page) => page.getByRole('main').getByRole('listitem')
const card = (page: Page, name: string) => cards(page).filter({ hasText: name })
const countHeading = (page: Page) =>
  page.getByRole('heading', { level: 2, name: /^[\d,]+ homes?$|^No homes/ })
const today = () => formatDay(new Date().toISOString())

const STATUSES = {
  sale: [
    ['under_offer', 'Under offer'],
    ['sold_stc', 'Sold STC'],
    ['sold', 'Sold'],
  ],
  rent: [
    ['let_agreed', 'Let agreed'],
    ['let', 'Let'],
  ],
} as const

test('each status but Available shows as a badge on the card and the listing page', async ({ page }) => {
  const word = uniqueWord('Stat')
  const [sale, rent] = await publish(
    { name: `${word} sale`, type: 'sale', price: 350_000 },
    { name: `${word} rent`, type: 'rent' },
  )
  if (!sale || !rent) throw new Error('not published')
  // Available: no badge.
  await page.goto(`/search?q=${word}`)
  await expect(cards(page)).toHaveCount(2)
  await expect(page.locator('.badge--status')).toHaveCount(0)
  for (const [home, statuses] of [
    [sale, STATUSES.sale],
    [rent, STATUSES.rent],
  ] as const) {
    for (const [status, label] of statuses) {
      await setStatus(home, status)
      await page.goto(`/search?q=${word}`)
      await expect(card(page, home.name).locator('.badge--status')).toHaveText(label)
      await page.goto(home.path)
      await expect(page.getByRole('heading', { level: 1, name: home.name })).toBeVisible()
      await expect(page.locator('.listing-details__badges .badge--status')).toHaveText(label)
      // Still on the market: no note that it left.
      await expect(page.getByText('This home is no longer on the market')).toHaveCount(0)
    }
  }
})

test('a home past its time on the market leaves the search, and its page says so with its last status and day', async ({
  page,
}) => {
  const word = uniqueWord('Gone')
  const [gone, stays] = await publish({ name: `${word} gone` }, { name: `${word} stays` })
  if (!gone || !stays) throw new Error('not published')
  await setStatus(gone, 'let')
  await statusChangedDaysAgo(gone, 15)
  await page.goto(`/search?q=${word}`)
  await expect(countHeading(page)).toHaveText('1 home')
  await expect(cards(page)).toHaveCount(1)
  await expect(card(page, stays.name)).toBeVisible()
  await page.goto(gone.path)
  await expect(page.getByRole('heading', { level: 1, name: gone.name })).toBeVisible()
  await expect(page.getByText('This home is no longer on the market')).toBeVisible()
  const day = formatDay(new Date(Date.now() - 15 * 86_400_000).toISOString())
  await expect(page.getByText(`Let on ${day}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Contact Landlord' })).toHaveCount(0)
})

test('a reduced price shows Reduced on the card, the reduction on the page and the price history', async ({
  page,
}) => {
  const word = uniqueWord('Cut')
  const [home] = await publish({ name: `${word} flat`, price: 2225 })
  if (!home) throw new Error('not published')
  await page.goto(home.path)
  await expect(page.getByRole('region', { name: 'Price history' }).getByRole('listitem')).toHaveText([
    `Listed at £2,225 on ${today()}`,
  ])
  await expect(page.getByText(/^Reduced by/)).toHaveCount(0)

  await setPrice(home, 2175)
  await page.goto(`/search?q=${word}`)
  await expect(card(page, home.name).locator('.badge--reduced')).toHaveText('Reduced')
  await page.goto(home.path)
  await expect(page.getByText(`Reduced by £50 on ${today()}`, { exact: true })).toBeVisible()
  const history = page.getByRole('region', { name: 'Price history' }).getByRole('listitem')
  await expect(history).toHaveText([`Listed at £2,225 on ${today()}`, `Reduced to £2,175 on ${today()}`])

  // A rise is history too, and the home is no longer Reduced.
  await setPrice(home, 2200)
  await page.reload()
  await expect(history).toHaveText([
    `Listed at £2,225 on ${today()}`,
    `Reduced to £2,175 on ${today()}`,
    `Increased to £2,200 on ${today()}`,
  ])
  await expect(page.getByText(/^Reduced by/)).toHaveCount(0)
  await page.goto(`/search?q=${word}`)
  await expect(card(page, home.name)).toBeVisible()
  await expect(card(page, home.name).locator('.badge--reduced')).toHaveCount(0)
})

test('Include under offer and Recently reduced are in the URL and narrow and order the results, page after page', async ({
  page,
}) => {
  const word = uniqueWord('Srt')
  // Twelve homes: more than a page. Eleven are reduced, in this order (the last reduced comes first), so the
  // second page starts among the reduced homes and goes on to the one never reduced.
  const homes = await publish(
    ...Array.from({ length: 12 }, (_, i) => ({ name: `${word} ${String(i).padStart(2, '0')}` })),
  )
  const reducedInOrder = [3, 9, 0, 6, 1, 11, 4, 8, 2, 7, 5]
    .map((i) => homes[i])
    .filter((home) => home !== undefined)
  for (const home of reducedInOrder) await setPrice(home, 2000)
  const underOffer = homes[5]
  if (!underOffer) throw new Error('not published')
  await setStatus(underOffer, 'let_agreed')

  await page.goto(`/search?q=${word}`)
  await expect(countHeading(page)).toHaveText('12 homes')

  // The toggle, on by default: off, the let-agreed home leaves the results and the URL says so.
  await page.getByRole('button', { name: /^Filters/ }).click()
  const toggle = page.getByRole('checkbox', { name: 'Include under offer' })
  await expect(toggle).toBeChecked()
  await toggle.uncheck()
  await expect(page).toHaveURL(/[?&]underOffer=false(&|$)/)
  await expect(countHeading(page)).toHaveText('11 homes')
  await expect(card(page, underOffer.name)).toHaveCount(0)
  await toggle.check()
  await expect(page).not.toHaveURL(/underOffer/)
  await expect(countHeading(page)).toHaveText('12 homes')
  // The filters' sheet closes on its last button, which says what it will show.
  await page.getByRole('button', { name: 'Show 12 homes' }).click()

  // Recently reduced: the reduced homes, latest reduction first, then the rest by id (newest id first).
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Recently reduced' })
  await expect(page).toHaveURL(/[?&]sort=reduced(&|$)/)
  const rest = homes.filter((home) => !reducedInOrder.includes(home)).sort((a, b) => (a.id < b.id ? 1 : -1))
  const expected = [...[...reducedInOrder].reverse(), ...rest].map((home) => home.name)
  await expect(cards(page)).toHaveCount(10)
  await expect(cards(page).locator('.listing-card__name')).toHaveText(expected.slice(0, 10))
  await expect(cards(page).locator('.badge--reduced')).toHaveCount(10)
  await page.getByRole('button', { name: 'Load More' }).click()
  await expect(cards(page).locator('.listing-card__name')).toHaveText(expected)

  // The URL alone gives the same search.
  await page.goto(`/search?q=${word}&sort=reduced&underOffer=false`)
  await expect(countHeading(page)).toHaveText('11 homes')
  const available = expected.filter((name) => name !== underOffer.name)
  await expect(cards(page).locator('.listing-card__name')).toHaveText(available.slice(0, 10))
})

test("the early drawing of a list shows the status and Reduced badges as the app's card does", async ({
  page,
}) => {
  const word = uniqueWord('Erly')
  const [home] = await publish({ name: `${word} flat`, price: 2225 })
  if (!home) throw new Error('not published')
  await setStatus(home, 'let_agreed')
  await setPrice(home, 2175)
  // React and the router held back: only index.html's inline script draws the newest rent homes.
  const { release } = await holdRequests(page, /\/assets\/framework-[\w-]+\.js$/)
  await page.goto('/category/rent', { waitUntil: 'commit' })
  const frame = page.locator('main[aria-hidden="true"]')
  const badges = (main: Locator) =>
    main.locator('.listing-card').filter({ hasText: home.name }).locator('.listing-card__badges .badge')
  await expect(badges(frame)).toHaveText(['Let agreed', 'Reduced'])
  const early = await badges(frame).evaluateAll((found) => found.map((badge) => badge.outerHTML))
  release()
  await expect(frame).toHaveCount(0)
  const app = page.locator('main:not([aria-hidden])')
  await expect(badges(app)).toHaveText(['Let agreed', 'Reduced'])
  expect(await badges(app).evaluateAll((found) => found.map((badge) => badge.outerHTML))).toEqual(early)
})

test("Explore's slider shows the newest home's status", async ({ page }) => {
  const word = uniqueWord('Slde')
  const [home] = await publish({ name: `${word} flat`, type: 'sale', price: 410_000 })
  if (!home) throw new Error('not published')
  await setStatus(home, 'sold_stc')
  await page.goto('/')
  const slide = page.getByRole('group', { name: '1 / 5' })
  await expect(slide).toContainText(home.name)
  await expect(slide.locator('.badge--status')).toHaveText('Sold STC')
})
