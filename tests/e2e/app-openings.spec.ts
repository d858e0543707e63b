import { expect, test } from '@playwright/test'
import { newAccount, signUp } from './support/accounts'
import { ONLINE_ONLY } from './support/service-worker'
import { apiClient } from './support/stack'

test.use(ONLINE_ONLY)

/**
 * The app tells the server when a signed-in person opens it (for emails to landlords away for a day): once on
 * opening, then not again within the hour however often the app is reloaded or shown; never for a visitor.
 */
test('the app notes a signed-in opening once an hour, and nothing for a visitor', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/note_app_open')) calls.push(request.url())
  })
  await page.goto('/')
  await expect(page.getByRole('navigation').first()).toBeVisible()
  expect(calls).toEqual([])

  const account = newAccount('opening')
  await signUp(page, account)
  await expect.poll(() => calls.length).toBe(1)
  const own = apiClient()
  const signedIn = await own.auth.signInWithPassword({ email: account.email, password: account.password })
  expect(signedIn.error).toBeNull()
  const { data } = await own.from('app_openings').select('user_id, last_seen_at')
  expect(data).toEqual([{ user_id: signedIn.data.user?.id, last_seen_at: expect.any(String) }])

  // Reloaded and shown again within the hour: nothing more is sent.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await page.waitForTimeout(500)
  expect(calls).toHaveLength(1)
})
