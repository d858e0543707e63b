import { expect, test } from '@playwright/test'
import { fillSignIn, newAccount } from './support/accounts'
import {
  accountViaApi,
  clientOf,
  newSignedInAccount,
  openSavedSearches,
  publishHome,
  savedSearchItem,
  serverSavedSearches,
  uniqueWord,
} from './support/saved-searches'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

// Each test walks several screens, with the service worker and the server in the loop: thrice the usual time.
test.slow()

const HACKNEY = '/search?type=rent&place=2647694&minBeds=2&maxPrice=2000'
const HACKNEY_NAME = 'Rent · Hackney, London · 2+ beds · up to £2,000'

test.describe('saved searches', () => {
  test('save a search, rename it, change its alerts and delete it: the server follows each step', async ({
    page,
  }) => {
    // A browser without Web Push (as Safari is for a site not added to the Home Screen).
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager
    })
    const account = await newSignedInAccount(page, 'saver')
    const server = await clientOf(account.email, account.password)

    await page.goto(HACKNEY)
    await page.getByRole('button', { name: 'Save search' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Saved as “${HACKNEY_NAME}”` })).toBeVisible()
    await expect
      .poll(() => serverSavedSearches(server))
      .toMatchObject([
        {
          name: HACKNEY_NAME,
          alerts: 'off',
          params: { type: 'rent', place: 2647694, minBeds: 2, maxPrice: 2000 },
        },
      ])
    const [saved] = await serverSavedSearches(server)
    expect(Object.keys(saved?.params ?? {}).sort()).toEqual(['maxPrice', 'minBeds', 'place', 'type'])

    await openSavedSearches(page)
    const item = savedSearchItem(page, HACKNEY_NAME)
    await expect(item).toContainText('Rent · Hackney, London · 2+ beds · up to £2,000 · newest first')
    await expect(item.getByRole('button', { name: 'Off', pressed: true })).toBeVisible()

    // Rename, by keyboard.
    await item.getByRole('button', { name: 'Rename' }).click()
    const nameField = page.getByRole('textbox', { name: 'Name' })
    await expect(nameField).toBeFocused()
    await nameField.fill('Flats near the park')
    await nameField.press('Enter')
    const renamed = savedSearchItem(page, 'Flats near the park')
    await expect(renamed).toBeVisible()
    await expect(renamed.getByRole('button', { name: 'Rename' })).toBeFocused()
    await expect.poll(async () => (await serverSavedSearches(server))[0]?.name).toBe('Flats near the park')

    // Alerts: this browser cannot get notifications, so they show in the app, and it says so.
    await renamed.getByRole('button', { name: 'Daily' }).click()
    await expect(renamed.getByRole('button', { name: 'Daily', pressed: true })).toBeVisible()
    await expect(page.getByText(/^Alerts will show in the app only/)).toBeVisible()
    await expect.poll(async () => (await serverSavedSearches(server))[0]?.alerts).toBe('daily')
    await renamed.getByRole('button', { name: 'Instant' }).click()
    await expect.poll(async () => (await serverSavedSearches(server))[0]?.alerts).toBe('instant')

    // Delete asks first; dismissing keeps it.
    const answers: string[] = []
    page.once('dialog', (dialog) => {
      answers.push(dialog.message())
      void dialog.dismiss()
    })
    await renamed.getByRole('button', { name: 'Delete' }).click()
    await expect(renamed).toBeVisible()
    page.once('dialog', (dialog) => {
      answers.push(dialog.message())
      void dialog.accept()
    })
    await renamed.getByRole('button', { name: 'Delete' }).click()
    expect(answers).toEqual(['Delete this saved search?', 'Delete this saved search?'])
    await expect(page.getByText('Save a search to hear about new homes')).toBeVisible()
    await expect.poll(() => serverSavedSearches(server)).toEqual([])
  })

  test('a visitor who presses Save search signs in and comes back to the same search, saved', async ({
    page,
  }) => {
    const account = newAccount('visitor')
    await accountViaApi(account)
    await page.goto('/search?type=sale&q=Camden&minBaths=2')
    await expect(page.getByText(/^Showing homes (in|with)/)).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: /homes?$/ })).toBeVisible()
    await page.getByRole('button', { name: 'Save search' }).click()

    await fillSignIn(page, account.email, account.password)
    await expect(page).toHaveURL(/\/search\?/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved as “Sale · Camden · 2+ baths”' }),
    ).toBeVisible()
    // The same search, and `save` gone from the address, so a reload or Back saves nothing more.
    const url = new URL(page.url())
    // Camden names several places: the text became keywords.
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'sale', keywords: 'Camden', minBaths: '2' })
    await expect(page.getByLabel('Search by place or keyword')).toHaveValue('Camden')
    await page.reload()
    await expect(page.getByRole('heading', { level: 2, name: /homes?$/ })).toBeVisible()

    const server = await clientOf(account.email, account.password)
    await expect
      .poll(() => serverSavedSearches(server))
      .toMatchObject([
        { name: 'Sale · Camden · 2+ baths', params: { type: 'sale', keywords: 'Camden', minBaths: 2 } },
      ])
    expect(await serverSavedSearches(server)).toHaveLength(1)
  })

  test('N new after another account publishes a matching home; opening it badges the home New, first', async ({
    page,
  }) => {
    const word = uniqueWord('Zq')
    const account = await newSignedInAccount(page, 'hunter')
    await page.goto(`/search?type=rent&q=${word}`)
    await expect(page.getByText(/^Showing homes (in|with)/)).toBeVisible()
    await page.getByRole('button', { name: 'Save search' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Saved as “Rent · ${word}”` })).toBeVisible()
    const server = await clientOf(account.email, account.password)
    await expect.poll(async () => (await serverSavedSearches(server)).length).toBe(1)

    // Another account publishes a home that matches (and one that does not).
    const landlord = await clientOf('ben@example.com')
    const homeName = `${word} flat`.slice(0, 32)
    await publishHome(landlord, { name: homeName, location: 'Hackney, London', price: 1500, bedrooms: 2 })
    await publishHome(landlord, { name: 'Elsewhere garden flat', location: 'Leeds', price: 900, bedrooms: 1 })

    await openSavedSearches(page)
    const item = savedSearchItem(page, `Rent · ${word}`)
    await expect(item.getByText('1 new', { exact: true })).toBeVisible()

    await item.getByRole('link', { name: `Rent · ${word}` }).click()
    await expect(page).toHaveURL(/\/search\?.*from=[0-9a-f-]{36}/)
    const card = page.getByRole('main').getByRole('listitem').first()
    await expect(card).toContainText(homeName)
    await expect(card.getByText('New', { exact: true })).toBeVisible()

    // Opened: nothing is new any more, on the server and on the Saved tab.
    await expect
      .poll(async () => Date.parse((await serverSavedSearches(server))[0]?.last_opened_at ?? '') > 0)
      .toBe(true)
    await openSavedSearches(page)
    await expect(savedSearchItem(page, `Rent · ${word}`)).toBeVisible()
    await expect(savedSearchItem(page, `Rent · ${word}`).getByText(/\d+ new/)).toHaveCount(0)
  })

  test('the 21st saved search is refused with You can save up to 20 searches', async ({ page }) => {
    const account = await newSignedInAccount(page, 'limit')
    const server = await clientOf(account.email, account.password)
    const { error } = await server
      .from('saved_searches')
      .insert(Array.from({ length: 20 }, (_, i) => ({ name: `Search ${i + 1}`, params: { minBeds: i + 1 } })))
    if (error) throw error
    await page.goto('/search?type=rent&q=Leeds')
    await expect(page.getByText(/^Showing homes (in|with)/)).toBeVisible()
    await page.getByRole('button', { name: 'Save search' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'You can save up to 20 searches' })).toBeVisible()
    expect(await serverSavedSearches(server)).toHaveLength(20)
    await openSavedSearches(page)
    await expect(page.getByRole('heading', { level: 2, name: 'Search 20', exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Rent · Leeds, England' })).toHaveCount(0)
  })
})
