import { expect, type Page, test } from '@playwright/test'
import { newAccount, signUp, toast } from './support/accounts'
import { ONLINE_ONLY } from './support/service-worker'
import { newestListings } from './support/stack'

test.use(ONLINE_ONLY)

async function saveSignedOut(page: Page, count: number) {
  const listings = (await newestListings({ offer: true })).slice(0, count)
  await page.goto('/offers')
  for (const listing of listings) {
    await page.getByRole('button', { name: `Save ${listing.name}` }).click()
    await expect(page.getByRole('button', { name: `Remove ${listing.name} from saved` })).toBeVisible()
  }
}

test.describe('saves made signed out join the account, and it says so once', () => {
  test('two saves: "2 saved homes added to your account", not again after a reload', async ({ page }) => {
    await saveSignedOut(page, 2)
    await signUp(page, newAccount('merge-two'))
    await expect(toast(page, '2 saved homes added to your account')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await page.waitForTimeout(1_500)
    await expect(toast(page, 'added to your account')).toHaveCount(0)
  })

  test('one save: "1 saved home added to your account"', async ({ page }) => {
    await saveSignedOut(page, 1)
    await signUp(page, newAccount('merge-one'))
    await expect(toast(page, '1 saved home added to your account')).toBeVisible()
  })

  test('nothing saved signed out: no word about it', async ({ page }) => {
    await signUp(page, newAccount('merge-none'))
    await page.waitForTimeout(1_500)
    await expect(toast(page, 'added to your account')).toHaveCount(0)
  })
})
