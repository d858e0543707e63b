import { expect, test } from '@playwright/test'

test('the production build is served with an SPA fallback for deep links', async ({ page }) => {
  const response = await page.goto('/category/rent')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('no-cache')
  await expect(page.locator('#root')).not.toBeEmpty()
})
