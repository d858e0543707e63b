import { expect, test } from '@playwright/test'
import { logoutUnasked, newAccount, signUp, toast } from './support/accounts'
import { draftItem, fillListing, storedDrafts } from './support/drafts'
import { cachedUrls, waitForServiceWorker } from './support/service-worker'

test.describe('logging out of a device that holds drafts', () => {
  test('warns about unsent drafts, then forgets drafts and cached photos and goes to Explore', async ({
    page,
    context,
  }) => {
    await signUp(page, newAccount('logout'))
    await waitForServiceWorker(page)
    // Some listing photos pass through the image cache.
    await page.goto('/')
    await expect(page.getByRole('group', { name: /^1 \/ \d+$/ }).locator('img')).toBeVisible()
    await expect.poll(async () => (await cachedUrls(page, 'listing-images')).length).toBeGreaterThan(0)

    await page.goto('/create-listing')
    await context.setOffline(true)
    await fillListing(page, { name: 'Draft left behind', address: 'York', regularPrice: '900', photos: 1 })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toast(page, 'Saved as a draft.')).toBeVisible()
    await expect(draftItem(page, 'Draft left behind')).toContainText('Waiting to publish')

    const dialogs: string[] = []
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect
      .poll(() => dialogs)
      .toEqual(['You have unsent drafts on this device. Log out and delete them?'])
    await expect(page).toHaveURL(/\/profile$/)
    expect(await storedDrafts(page)).toHaveLength(1)

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(await storedDrafts(page)).toEqual([])
    expect(await page.evaluate(() => caches.has('listing-images'))).toBe(false)
    await context.setOffline(false)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  })

  test('with nothing unsent, Logout asks nothing', async ({ page }) => {
    await signUp(page, newAccount('plain-logout'))
    await logoutUnasked(page)
  })
})

test.describe('account forms offline', () => {
  test('say they need a connection and do not submit', async ({ page, context }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    for (const [path, heading, message, button] of [
      ['/sign-in', 'Welcome Back', 'You are offline. Signing in needs a connection.', 'Sign In'],
      ['/sign-up', 'Ready to Sign Up', 'You are offline. Signing up needs a connection.', 'Sign Up'],
      [
        '/forgot-password',
        'Forgot Password',
        'You are offline. Sending a reset link needs a connection.',
        'Send Reset Link',
      ],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible()
      await expect(page.getByRole('button', { name: button, exact: true })).toBeDisabled()
    }
    await context.setOffline(false)
    await expect(page.getByRole('button', { name: 'Send Reset Link', exact: true })).toBeEnabled()
  })
})
