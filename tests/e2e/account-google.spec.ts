import { expect, type Page, test } from '@playwright/test'
import { DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { type Account, newAccount, toast } from './support/accounts'
import { sessionKey } from './support/drafts'
import { ONLINE_ONLY } from './support/service-worker'
import { API_URL } from './support/stack'

test.use(ONLINE_ONLY)

/**
 * Deleting an account that signs in with Google asks for a fresh Google sign-in instead of a password: a
 * sign-in older than a few minutes is refused with a message saying so, and after signing in again the
 * account goes. The local stack's account chooser stands in for Google.
 */

async function continueWithGoogle(page: Page, account: Account) {
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Name').fill(account.name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
}

/**
 * Time passing: the stored access token replaced by the same claims with the Google sign-in (`amr`) ten
 * minutes old, signed as the stack signs its tokens, as a token refreshed ten minutes after signing in says.
 */
async function signedInTenMinutesAgo(page: Page): Promise<string> {
  const key = await sessionKey(page)
  const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? '{}') as {
    access_token: string
  }
  const claims = JSON.parse(Buffer.from(stored.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string
    amr: { method: string; timestamp: number }[]
  }
  const old = Math.floor(Date.now() / 1000) - 600
  expect(claims.amr.map((a) => a.method)).toEqual(['oauth'])
  const token = await new SignJWT({ ...claims, amr: claims.amr.map((a) => ({ ...a, timestamp: old })) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET))
  await page.evaluate(
    ([k, value]) => {
      const session = JSON.parse(localStorage.getItem(k as string) ?? '{}')
      localStorage.setItem(k as string, JSON.stringify({ ...session, access_token: value }))
    },
    [key, token],
  )
  return claims.sub
}

const admin = createClient(API_URL, DEFAULT_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
})

/** Whether Auth still knows the user (the admin API, with the service role). */
async function accountExists(userId: string): Promise<boolean> {
  const { data, error } = await admin.auth.admin.getUserById(userId)
  if (error && error.status !== 404) throw error
  return Boolean(data.user)
}

test('a Google account is deleted only after a fresh Google sign-in', async ({ page }) => {
  const account = newAccount('google-delete')
  await continueWithGoogle(page, account)
  const userId = await signedInTenMinutesAgo(page)
  await page.goto('/profile')

  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete my account' })
  // No password to ask for: the account has none.
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog).toContainText('Please sign in with Google again, then delete your account.')
  expect(await accountExists(userId)).toBe(true)

  // Signing in with Google again makes the sign-in fresh.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await continueWithGoogle(page, account)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(toast(page, 'Your account was deleted.')).toBeVisible()
  expect(await accountExists(userId)).toBe(false)
})
