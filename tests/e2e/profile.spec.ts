import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { createListing, E2E_API_URL, newAccount, signIn, signUp, toast } from './support/accounts'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

test.describe('profile', () => {
  test('Personal Details stay read-only until change; done saves the name and the email', async ({
    page,
  }) => {
    const account = newAccount('details')
    await signUp(page, account)
    const name = page.getByLabel('Name')
    const email = page.getByLabel('Email', { exact: true })
    await expect(name).toHaveAttribute('readonly', '')
    await expect(email).toHaveAttribute('readonly', '')

    await page.getByRole('button', { name: 'change' }).click()
    await expect(name).not.toHaveAttribute('readonly', '')
    const renamed = `${account.name} Jr`
    const moved = `moved-${account.email}`
    await name.fill(renamed)
    await email.fill(moved)
    await page.getByRole('button', { name: 'done' }).click()
    await expect(toast(page, 'Name updated!')).toBeVisible()
    await expect(toast(page, 'Email updated!')).toBeVisible()
    await expect(name).toHaveAttribute('readonly', '')
    await expect(page.getByRole('button', { name: 'change' })).toBeVisible()

    await page.reload()
    await expect(page.getByLabel('Name')).toHaveValue(renamed)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(moved)

    await page.getByRole('button', { name: 'Logout' }).click()
    await signIn(page, moved, account.password)
    await expect(page.getByLabel('Name')).toHaveValue(renamed)
  })

  test('done without changes saves nothing; an empty name is refused', async ({ page }) => {
    await signUp(page, newAccount('nochange'))
    await page.getByRole('button', { name: 'change' }).click()
    await page.getByLabel('Name').fill('')
    await page.getByRole('button', { name: 'done' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter your name')
    await expect(page.getByLabel('Name')).toBeFocused()
    await page.getByLabel('Name').fill('Tester nochange')
    await page.getByRole('button', { name: 'done' }).click()
    await expect(page.getByRole('button', { name: 'change' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a name over 80 characters is refused with a clear message; 80 are saved', async ({ page }) => {
    const account = newAccount('longname')
    await signUp(page, account)
    await page.getByRole('button', { name: 'change' }).click()
    await page.getByLabel('Name').fill('L'.repeat(81))
    await page.getByRole('button', { name: 'done' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name must be at most 80 characters')
    await expect(toast(page, 'Name updated!')).toHaveCount(0)
    await page.getByLabel('Name').fill('L'.repeat(80))
    await page.getByRole('button', { name: 'done' }).click()
    await expect(toast(page, 'Name updated!')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Name')).toHaveValue('L'.repeat(80))
  })

  test('Logout signs out and goes to Explore', async ({ page }) => {
    await signIn(page, 'chloe@example.com', 'roost-demo')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/sign-in/)
  })

  test('Sell or rent your home leads to the listing form', async ({ page }) => {
    await signUp(page, newAccount('sell'))
    await page.getByRole('link', { name: 'Sell or rent your home' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
  })

  test('a listing is deleted, with its photos, after confirmation', async ({ page }) => {
    await signUp(page, newAccount('delete'))
    const listingName = 'Cottage to delete soon'
    await createListing(page, { name: listingName, address: 'York', regularPrice: '900' })
    const imageUrl = await page.getByRole('img').first().getAttribute('src')

    await page.goto('/profile')
    const card = page.getByRole('listitem').filter({ hasText: listingName })
    await expect(card).toBeVisible()

    const dialogs: string[] = []
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('button', { name: `Delete ${listingName}` }).click()
    await expect.poll(() => dialogs).toEqual(['Are you sure you want to delete?'])
    await expect(card).toBeVisible()

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: `Delete ${listingName}` }).click()
    await expect(toast(page, 'Successfully deleted listing')).toBeVisible()
    await expect(card).toHaveCount(0)

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: listingName })).toHaveCount(0)
    if (imageUrl?.startsWith(E2E_API_URL)) {
      const response = await fetch(imageUrl)
      expect(response.ok, 'the photo is removed with the listing').toBe(false)
    }
  })

  test('the profile has no serious or critical WCAG 2 A/AA violation', async ({ page }) => {
    await signIn(page, 'alice@example.com', 'roost-demo')
    await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
  })
})
