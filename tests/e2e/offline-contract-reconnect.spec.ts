import { expect, test } from '@playwright/test'
import { logoutUnasked, newAccount, signUp } from './support/accounts'
import { draftItem, fillListing, storedDrafts } from './support/drafts'
import { TEXT } from './support/offline-cases'
import { waitForServiceWorker } from './support/service-worker'
import { newestListings } from './support/stack'

// The edges of the offline contract that need more than one screen: a first visit that loses the signal
// before any reload, screens that refresh themselves when the signal is back, and drafts only on request.

test('a first visit that loses the signal before any reload keeps working', async ({ page, context }) => {
  const [newest] = await newestListings()
  if (!newest) throw new Error('the seed has no listings')
  await page.goto('/')
  await expect(page.getByRole('main').getByText(newest.name).first()).toBeVisible()
  // The worker is ready and takes this very page: no reload (as a new visitor on a train would not).
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  await context.setOffline(true)
  await page.getByRole('link', { name: 'Offers' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
  await expect(page.getByText(TEXT.listsOffline)).toBeVisible({ timeout: 5_000 })
  await page.getByRole('link', { name: 'Saved' }).first().click()
  await expect(page.getByText(TEXT.noSaved)).toBeVisible({ timeout: 5_000 })
  await page.getByRole('link', { name: 'Explore' }).first().click()
  await expect(page.getByRole('main').getByText(newest.name).first()).toBeVisible({ timeout: 5_000 })
  await expect(page.locator('.offline-banner')).toContainText(TEXT.banner)
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('back online, a list that needed a connection fills in without a reload', async ({ page, context }) => {
  const [offer] = await newestListings({ offer: true })
  if (!offer) throw new Error('the seed has no offers')
  await page.goto('/')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Offers' }).first().click()
  await expect(page.getByText(TEXT.listsOffline)).toBeVisible({ timeout: 5_000 })
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })
  await context.setOffline(false)
  await expect(page.getByRole('main').getByText(offer.name).first()).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('back online, Your Listings shows a listing made offline once it publishes, without a reload', async ({
  page,
  context,
}) => {
  await signUp(page, newAccount('reconnect'))
  await waitForServiceWorker(page)
  // A name of its own: other tests pick listings by name, and this one may run many times on one stack.
  const name = `Loft offline ${Math.random().toString(36).slice(2, 8)}`
  const yours = page.getByRole('region', { name: 'Your Listings' })
  await expect(yours).toContainText('You have no listings yet.')

  await context.setOffline(true)
  await page.getByRole('link', { name: 'Sell or rent your home' }).click()
  await fillListing(page, { name, address: 'York', regularPrice: '800', photos: 1 })
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(draftItem(page, name)).toContainText('Waiting to publish')
  await expect(yours).toContainText(TEXT.myListingsOffline)
  // The profile shows no banner: it shows no homes from the device.
  await expect(page.locator('.offline-banner')).toBeHidden()

  await context.setOffline(false)
  await expect(draftItem(page, name)).toContainText('Published', { timeout: 20_000 })
  await expect(yours.getByRole('heading', { name })).toBeVisible()
  await expect(yours).not.toContainText('You have no listings yet.')
})

test('online, a refused create keeps the form as it was and keeps no draft', async ({ page }) => {
  await signUp(page, newAccount('refused'))
  await waitForServiceWorker(page)
  await page.goto('/create-listing')
  await fillListing(page, {
    name: 'House on no known street',
    address: 'Xyzzy Plugh Nowhere Lane',
    regularPrice: '900',
    photos: 1,
  })
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByLabel('Address')).toHaveAccessibleDescription(/Please enter a correct address/, {
    timeout: 20_000,
  })
  await expect(page).toHaveURL(/\/create-listing$/)
  await expect(page.getByLabel('Name')).toHaveValue('House on no known street')
  expect(await storedDrafts(page)).toEqual([])

  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Drafts' })).toHaveCount(0)
  // Logout has nothing unsent to warn about.
  await logoutUnasked(page)
})
