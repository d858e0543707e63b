import { expect, test } from '@playwright/test'
import { E2E_API_URL, E2E_APP_URL, E2E_SLOT, e2ePorts } from '@roost/local-supabase/cli/e2e-ports'

test('the production build is served with an SPA fallback for deep links', async ({ page }) => {
  const response = await page.goto('/category/rent')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('no-cache')
  await expect(page.locator('#root')).not.toBeEmpty()
})

test('each worker has a stack of its own, and its pages are served from it', async ({
  page,
  baseURL,
}, testInfo) => {
  expect(E2E_SLOT).toBe(testInfo.parallelIndex)
  expect(baseURL).toBe(E2E_APP_URL)
  expect(new URL(E2E_API_URL).port).toBe(String(e2ePorts(testInfo.parallelIndex).apiPort))
  const listings = page.waitForRequest((request) => request.url().startsWith(`${E2E_API_URL}/rest/v1/`))
  await page.goto('/')
  await listings
})
