import { expect, test } from '@playwright/test'
import { publishThroughApi } from './account-publish'
import {
  firstLink,
  latestMailTo,
  logoutUnasked,
  newAccount,
  restGet,
  signIn,
  signUp,
  toast,
} from './support/accounts'
import { apiClientFrom, establishReporters } from './support/reporters'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

/**
 * A person whose report counts (email confirmed, account two days old) reports the listing through the API
 * (as the page would), from an address of their own: reports from one address count once.
 */
async function reportThroughApi(listingId: string, label: string, address: string): Promise<void> {
  const account = newAccount(label)
  const client = apiClientFrom(address)
  const signedUp = await client.auth.signUp({ email: account.email, password: account.password })
  if (signedUp.error) throw signedUp.error
  await establishReporters([account.email])
  const { error } = await client
    .from('listing_reports')
    .insert({ listing_id: listingId, reason: 'Scam or fraud' })
  if (error) throw error
}

test.describe('reporting a listing', () => {
  test('Report this listing asks to confirm the email, then sends a reason and note; the third report hides it and its landlord is told', async ({
    page,
  }) => {
    const landlord = newAccount('reported-landlord')
    await signUp(page, landlord)
    const name = `Reported ${Date.now().toString(36)} flat`
    const { id: listingId, path: listingPath } = await publishThroughApi(landlord, name)
    await page.goto(listingPath)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    // Its landlord is not offered to report it.
    await expect(page.getByRole('button', { name: 'Report this listing' })).toHaveCount(0)
    await page.goto('/profile')
    await logoutUnasked(page)

    await reportThroughApi(listingId, 'reporter-one', '127.0.0.21')
    await reportThroughApi(listingId, 'reporter-two', '127.0.0.22')
    await page.goto(`/search?q=${encodeURIComponent(name)}`)
    await expect(page.getByRole('heading', { name })).toBeVisible()

    // A visitor is sent to sign in first.
    await page.goto(listingPath)
    await page.getByRole('link', { name: 'Report this listing' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()

    // The third reporter signs up in the app (a day ago, as far as the rule goes) and confirms their email
    // with the link the report screen sends.
    const third = newAccount('reporter-three')
    await signUp(page, third)
    await establishReporters([third.email], { confirmed: false })
    await page.goto(listingPath)
    await page.getByRole('button', { name: 'Report this listing' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this listing' })
    await expect(dialog.getByText('Confirm your email to report listings')).toBeVisible()
    await expect(dialog.getByRole('radio', { name: 'Scam or fraud' })).toBeHidden()
    await dialog.getByRole('button', { name: 'Send me a link' }).click()
    await expect(dialog.getByRole('status')).toHaveText(`We sent a link to ${third.email}`)
    await page.goto(firstLink((await latestMailTo(third.email)).Text))
    await expect(page.getByText('Your email is confirmed. You can report listings now.')).toBeVisible()
    await page.getByRole('link', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await page.getByRole('button', { name: 'Report this listing' }).click()
    for (const reason of ['Scam or fraud', 'Wrong details', 'Already let or sold', 'Offensive', 'Other'])
      await expect(dialog.getByRole('radio', { name: reason })).toBeVisible()
    await dialog.getByRole('radio', { name: 'Wrong details' }).check()
    await dialog.getByLabel('Note (optional)').fill('The photos show another flat.')
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await expect(toast(page, 'Thank you. We will review this listing.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reported', exact: true })).toBeDisabled()

    // Hidden from lists and search for everybody else.
    expect(await restGet<unknown[]>(`listings?id=eq.${listingId}&select=id`)).toEqual([])
    await page.goto(`/search?q=${encodeURIComponent(name)}`)
    await expect(page.getByRole('heading', { name })).toHaveCount(0)
    await page.goto('/profile')
    await logoutUnasked(page)

    // Its landlord still has it, and is told why it is hidden.
    await signIn(page, landlord.email, landlord.password)
    await expect(page.getByRole('status').filter({ hasText: name })).toContainText(
      'Reported by several people, hidden from lists and search until we review it',
    )
  })
})
