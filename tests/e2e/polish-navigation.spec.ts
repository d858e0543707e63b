import { expect, test } from '@playwright/test'
import { newAccount, toast } from './support/accounts'
import { ONLINE_ONLY } from './support/service-worker'
import { anon, signInAs, someListing } from './support/stack'

test.use(ONLINE_ONLY)

test.describe('an error toast does not outlive its moment', () => {
  test('a failed sign-in, then a sign-up: Profile shows no stale Bad User Credentials', async ({ page }) => {
    const account = newAccount('stale')
    await page.goto('/sign-in')
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(toast(page, 'Bad User Credentials')).toBeVisible()

    await page.getByRole('link', { name: 'Sign Up Instead' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to Sign Up' })).toBeVisible()
    await expect(toast(page, 'Bad User Credentials')).toHaveCount(0)
    await page.getByLabel('Name').fill(account.name)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await expect(toast(page, 'Bad User Credentials')).toHaveCount(0)
  })

  test("a guard's reason survives the redirect it causes", async ({ page }) => {
    const session = await signInAs(page, 'chloe@example.com')
    const other = await someListing((l) => l.user_ref !== session.user.id)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await page.goto(`/edit-listing/${other.id}`)
    await expect(page).toHaveURL(/\/$/)
    await expect(toast(page, 'You cannot edit that listing')).toBeVisible()
  })
})

test.describe('a listing has one address', () => {
  test('a home to rent opened under /category/sale moves to /category/rent, replacing the entry', async ({
    page,
  }) => {
    const rent = await someListing((l) => l.type === 'rent')
    await page.goto('/offers')
    await page.goto(`/category/sale/${rent.id}`)
    await expect(page).toHaveURL(new RegExp(`/category/rent/${rent.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: rent.name })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/offers$/)
  })
})

test.describe('the owner on their own listing', () => {
  test('is offered Edit Listing, which opens the edit form; others are not', async ({ page }) => {
    const session = await signInAs(page, 'alice@example.com')
    const own = await someListing((l) => l.user_ref === session.user.id)
    await page.goto(`/category/${own.type}/${own.id}`)
    await page.getByRole('link', { name: 'Edit Listing' }).click()
    await expect(page).toHaveURL(new RegExp(`/edit-listing/${own.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible()

    const other = await someListing((l) => l.user_ref !== session.user.id)
    await page.goto(`/category/${other.type}/${other.id}`)
    await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0)
  })
})

test.describe('contacting a landlord, polished', () => {
  test('links back to the listing, and offers Send Message only for a message', async ({ page }) => {
    const listing = await someListing(() => true)
    const { data } = await anon.rpc('landlord_contact', { landlord_id: listing.user_ref })
    const landlord = (data as { name: string; email: string }[])[0]
    if (!landlord) throw new Error('landlord_contact returned nobody for a listing owner')
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await page.getByRole('link', { name: 'Contact Landlord' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Contact ${landlord.name}` })).toBeVisible()

    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled()
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveCount(0)
    await page.getByRole('textbox', { name: 'Message' }).fill('   ')
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled()
    await page.getByRole('textbox', { name: 'Message' }).fill('Is it still free?')
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      `mailto:${landlord.email}?subject=${encodeURIComponent(listing.name)}&body=${encodeURIComponent('Is it still free?')}`,
    )

    await page.getByRole('link', { name: listing.name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/category/${listing.type}/${listing.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible()
  })
})
