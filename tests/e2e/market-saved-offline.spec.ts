import { expect, type Page, test } from '@playwright/test'
import { formatDay } from '../../src/utils/format-market'
import { newAccount, signUp } from './support/accounts'
import {
  type MarketListing,
  publishHomes,
  removeHomes,
  setPrice,
  setStatus,
  uniqueWord,
} from './support/market'
import { waitForServiceWorker } from './support/service-worker'

let made: MarketListing[] = []
test.afterEach(async () => {
  await removeHomes(made)
  made = []
})

const savedCard = (page: Page, home: MarketListing) =>
  page.getByRole('main').getByRole('listitem').filter({ hasText: home.name })

/** Saves the home from its page and opens the Saved tab, where it shows as published: available, not reduced. */
async function saveAndOpenSaved(page: Page, home: MarketListing) {
  await page.goto(home.path)
  await page.getByRole('button', { name: `Save ${home.name}` }).click()
  await expect(page.getByRole('button', { name: `Remove ${home.name} from saved` })).toBeVisible()
  await page.goto('/saved')
  await expect(savedCard(page, home)).toBeVisible()
  await expect(savedCard(page, home).locator('.badge')).toHaveCount(0)
}

/** What the Saved tab and the home's page say offline, from the device alone. */
async function expectNewsOffline(page: Page, home: MarketListing) {
  const today = formatDay(new Date().toISOString())
  await page.context().setOffline(true)
  await page.reload()
  const card = savedCard(page, home)
  await expect(card.locator('.badge--status')).toHaveText('Let agreed')
  await expect(card.locator('.badge--reduced')).toHaveText('Reduced')
  await expect(card.getByText(`Reduced by £50 on ${today}`, { exact: true })).toBeVisible()
  await card.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: home.name })).toBeVisible()
  await expect(page.locator('.listing-details__badges .badge--status')).toHaveText('Let agreed')
  await expect(page.getByText(`Reduced by £50 on ${today}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Price history' }).getByRole('listitem')).toHaveText([
    `Listed at £2,225 on ${today}`,
    `Reduced to £2,175 on ${today}`,
  ])
}

test("a visitor's saved home takes its new status and reduction when the connection returns, and shows them offline", async ({
  page,
  context,
}) => {
  made = await publishHomes([{ name: `${uniqueWord('Kept')} flat`, price: 2225 }])
  const [home] = made
  if (!home) throw new Error('not published')
  await page.goto('/')
  await waitForServiceWorker(page)
  await saveAndOpenSaved(page, home)

  // The market moves while the phone has no signal; the Saved tab catches up when the connection returns.
  await context.setOffline(true)
  await setStatus(home, 'let_agreed')
  await setPrice(home, 2175)
  await context.setOffline(false)
  await expect(savedCard(page, home).locator('.badge--status')).toHaveText('Let agreed')

  await expectNewsOffline(page, home)
})

test("a signed-in person's saved home takes its new status and reduction with the sync, and shows them offline", async ({
  page,
  context,
}) => {
  made = await publishHomes([{ name: `${uniqueWord('Sync')} flat`, price: 2225 }])
  const [home] = made
  if (!home) throw new Error('not published')
  await signUp(page, newAccount('market-saved'))
  await waitForServiceWorker(page)
  await saveAndOpenSaved(page, home)

  await context.setOffline(true)
  await setStatus(home, 'let_agreed')
  await setPrice(home, 2175)
  await context.setOffline(false)
  await expect(savedCard(page, home).locator('.badge--status')).toHaveText('Let agreed')

  await expectNewsOffline(page, home)
})
