import { expect, test } from '@playwright/test'
import { newAccount, signUp, userIdOf } from './support/accounts'
import { savedHomeAlertsOf } from './support/market'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

test('a signed-in person chooses to hear when a saved home changes, on the Saved tab; a visitor is not offered it', async ({
  page,
  context,
}) => {
  await page.goto('/saved')
  await expect(page.getByRole('heading', { level: 1, name: 'Saved homes' })).toBeVisible()
  const choice = page.getByRole('checkbox', { name: 'Tell me when a saved home changes' })
  await expect(choice).toHaveCount(0)

  await context.grantPermissions(['notifications'])
  const account = newAccount('saved-home-alerts')
  await signUp(page, account)
  const userId = await userIdOf(account.email, account.password)
  await page.goto('/saved')
  await expect(choice).not.toBeChecked()
  await choice.check()
  await expect.poll(() => savedHomeAlertsOf(userId)).toBe(true)
  await page.reload()
  await expect(choice).toBeChecked()
  await choice.uncheck()
  await expect.poll(() => savedHomeAlertsOf(userId)).toBe(false)
})
