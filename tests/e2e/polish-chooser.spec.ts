import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { newAccount } from './support/accounts'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

async function expectPhoneFriendly(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
  // Nothing wider than the phone, and every control big enough for a thumb.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  for (const control of await page.locator('input:not([type=hidden]), button, a').all()) {
    const box = await control.boundingBox()
    expect(
      box?.height ?? 0,
      await control.evaluate((el) => el.outerHTML.slice(0, 60)),
    ).toBeGreaterThanOrEqual(44)
  }
}

test('the local Google account chooser looks like the app, reads well on a phone and still signs in', async ({
  page,
}) => {
  const account = newAccount('chooser')
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible()
  await expectPhoneFriendly(page)
  // The app's primary colour on the main action.
  expect(
    await page
      .getByRole('button', { name: 'Continue' })
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(31, 95, 74)')

  // The server's own check, past the browser's: the error is announced and tied to the form.
  await page.locator('form').evaluate((form) => {
    ;(form as HTMLFormElement).noValidate = true
  })
  await page.getByLabel('Email', { exact: true }).fill('not-an-email')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address.')
  await expectPhoneFriendly(page)

  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Name').fill(account.name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
})
