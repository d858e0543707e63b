import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import {
  DEMO_PASSWORD,
  fillSignIn,
  firstLink,
  latestMailTo,
  newAccount,
  signIn,
  signUp,
  toast,
} from './support/accounts'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
}

test.describe('accounts', () => {
  test('a new user signs up with name, email and password and lands on their profile', async ({ page }) => {
    const account = newAccount('signup')
    await page.goto('/sign-in')
    await page.getByRole('link', { name: 'Sign Up Instead' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to Sign Up' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Already got an account?' })).toHaveAttribute(
      'href',
      /\/sign-in/,
    )
    await signUp(page, account)
    await expect(page.getByLabel('Name')).toHaveValue(account.name)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email)
  })

  test('sign-up asks for every field and tells a taken email apart with a toast', async ({ page }) => {
    await page.goto('/sign-up')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(page.getByText('Enter your name')).toBeVisible()
    await expect(page.getByText('Enter your email')).toBeVisible()
    await expect(page.getByText('Enter your password')).toBeVisible()
    await expect(page.getByLabel('Name')).toBeFocused()

    await page.getByLabel('Name').fill('Alice Again')
    await page.getByLabel('Email', { exact: true }).fill('alice@example.com')
    await page.getByLabel('Password', { exact: true }).fill('another-password')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(toast(page, 'Something went wrong with sign up!')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-up/)
  })

  test('sign-up refuses a name over 80 characters with a clear message', async ({ page }) => {
    await page.goto('/sign-up')
    await page.getByLabel('Name').fill('A'.repeat(81))
    await page.getByLabel('Email', { exact: true }).fill('long-name@example.com')
    await page.getByLabel('Password', { exact: true }).fill('long-name-password')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name must be at most 80 characters')
    await expect(page.getByLabel('Name')).toBeFocused()
    await expect(page).toHaveURL(/\/sign-up/)
  })

  test('sign-in requires email and password, with the message linked to each field', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    const email = page.getByLabel('Email', { exact: true })
    await expect(email).toBeFocused()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Enter your email')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Enter your password',
    )
  })

  test('a wrong password is refused with Bad User Credentials', async ({ page }) => {
    await page.goto('/sign-in')
    await fillSignIn(page, 'alice@example.com', 'not-the-password')
    await expect(toast(page, 'Bad User Credentials')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in/)
  })

  test('the password can be shown and hidden again', async ({ page }) => {
    await page.goto('/sign-in')
    const password = page.getByLabel('Password', { exact: true })
    const toggle = page.getByRole('button', { name: 'Show password' })
    await password.fill('secret words')
    await expect(password).toHaveAttribute('type', 'password')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expect(password).toHaveAttribute('type', 'text')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(password).toHaveAttribute('type', 'password')
  })

  test('every protected route sends a signed-out visitor to sign in, then back', async ({ page }) => {
    for (const path of [
      '/profile',
      '/create-listing',
      '/edit-listing/00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/sign-in\?redirect=/)
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
    }
    await page.goto('/create-listing')
    await fillSignIn(page, 'chloe@example.com', DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/create-listing$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
  })

  test('a redirect to another site is ignored after sign-in', async ({ page }) => {
    await page.goto('/sign-in?redirect=https%3A%2F%2Fevil.example%2F')
    await fillSignIn(page, 'chloe@example.com', DEMO_PASSWORD)
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\//)
    await expect(page).not.toHaveURL(/evil/)
  })

  test('Continue with Google signs in through the local account chooser', async ({ page }) => {
    const account = newAccount('google')
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    // The sign-in form has an Email field too: fill the chooser's only once it is the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Name').fill(account.name)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue(account.name)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email)
  })

  test('a refused Google sign-in says so', async ({ page }) => {
    await page.goto('/sign-in?error=access_denied&error_description=The+user+cancelled#error=access_denied')
    await expect(toast(page, 'Could not authorise with Google')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  })

  test('a forgotten password is reset through the emailed link', async ({ page }) => {
    const account = newAccount('reset')
    await signUp(page, account)
    await logout(page)

    await page.goto('/sign-in')
    await page.getByRole('link', { name: 'Forgot Password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible()
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Enter your email')
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(toast(page, 'Email was sent!')).toBeVisible()

    const mail = await latestMailTo(account.email)
    expect(mail.HTML).toContain('href=')
    await page.goto(firstLink(mail.Text))
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
    await page.getByLabel('New password').fill('brand-new-password')
    await page.getByRole('button', { name: 'Save New Password' }).click()
    await expect(toast(page, 'Password updated!')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()

    await logout(page)
    await signIn(page, account.email, 'brand-new-password')
  })

  test('an expired or broken reset link is explained, with a way to ask again', async ({ page }) => {
    await page.goto(
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    )
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible()
    await page.getByRole('link', { name: 'Send a new link' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible()
  })

  test('the account screens have no serious or critical WCAG 2 A/AA violation', async ({ page }) => {
    const screens = [
      ['/sign-in', 'Welcome Back'],
      ['/sign-up', 'Ready to Sign Up'],
      ['/forgot-password', 'Forgot Password'],
      ['/reset-password', 'Reset Password'],
    ] as const
    for (const [path, heading] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      // Show each form's errors too: they must be as readable as the fields.
      const submit = page.locator('form button[type="submit"]')
      if (await submit.count()) await submit.first().click()
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([])
    }
  })
})
