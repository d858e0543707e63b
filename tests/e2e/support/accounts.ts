import { expect, type Page } from '@playwright/test'
/** The e2e stack (packages/local-supabase/src/cli/e2e-server.ts): its API and its mail outbox (Mailpit's API). */
import { E2E_API_URL, E2E_MAIL_URL } from '@roost/local-supabase/cli/e2e-ports'
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { fillPublishingFacts } from './property-facts'

export { E2E_API_URL, E2E_MAIL_URL }
export const DEMO_PASSWORD = 'roost-demo'
/** The local stack's anon key (public, the Supabase CLI's local default). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/** Reads the REST API as a visitor (plain fetch: what the screens should show, checked apart from the app). */
export async function restGet<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${E2E_API_URL}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  })
  if (!response.ok) throw new Error(`GET ${pathAndQuery}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A demo user's id, from a password sign-in against the auth API. */
export async function userIdOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${E2E_API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const body = (await response.json()) as { user?: { id: string } }
  if (!body.user) throw new Error(`no user ${email}`)
  return body.user.id
}

export type Account = { name: string; email: string; password: string }

/** A fresh account nobody has used, so tests never depend on each other. */
export function newAccount(label: string): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
  return { name: `Tester ${label}`, email: `${label}-${id}@example.com`, password: `pw-${id}` }
}

/** Signs up through the Ready to Sign Up form and waits for the profile. */
export async function signUp(page: Page, account: Account): Promise<void> {
  await page.goto('/sign-up')
  await page.getByLabel('Name').fill(account.name)
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
}

/** Signs in through the Welcome Back form (already on /sign-in or sent there by a guard). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in')
  await fillSignIn(page, email, password)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
}

/** Logs out from the profile and checks Logout asked nothing (no unsent drafts to warn about). */
export async function logoutUnasked(page: Page): Promise<void> {
  let asked = false
  page.on('dialog', (dialog) => {
    asked = true
    void dialog.dismiss()
  })
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(asked).toBe(false)
}

/** A toast with this text (react-toastify renders them as role="alert"). */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

type MailSummary = { ID: string; To: { Address: string }[]; Subject: string }

/** The newest email sent to `address`, waiting for it to arrive; returns its text and HTML. */
export async function latestMailTo(address: string): Promise<{ Text: string; HTML: string }> {
  let found: MailSummary | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${E2E_MAIL_URL}/api/v1/messages`)
        const body = (await response.json()) as { messages: MailSummary[] }
        found = body.messages.find((m) =>
          m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
        )
        return found !== undefined
      },
      { message: `an email to ${address}`, timeout: 15_000 },
    )
    .toBe(true)
  const response = await fetch(`${E2E_MAIL_URL}/api/v1/message/${found?.ID}`)
  return (await response.json()) as { Text: string; HTML: string }
}

/** The first link in an email's text. */
export function firstLink(text: string): string {
  const link = text.match(/https?:\/\/[^\s"'<>]+/)?.[0]
  if (!link) throw new Error(`no link in: ${text}`)
  return link
}

/**
 * A small photo for the images input: a JPEG or PNG of the given size. Green with a grain, as a photo has:
 * Chromium does not count a picture of one flat colour as a page's largest paint, as it would a real photo.
 */
export async function photo(
  name: string,
  size: { width: number; height: number } = { width: 320, height: 240 },
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const image = sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 3,
      background: { r: 40, g: 110, b: 90 },
      noise: { type: 'gaussian', mean: 100, sigma: 10 },
    },
  }).tint({ r: 40, g: 110, b: 90 })
  const png = name.toLowerCase().endsWith('.png')
  const buffer = png ? await image.png().toBuffer() : await image.jpeg({ quality: 80 }).toBuffer()
  return { name, mimeType: png ? 'image/png' : 'image/jpeg', buffer }
}

/**
 * Uploads `photo(name)` to the owner's folder of listing-images, as the form does, for `client`'s account;
 * returns the URL a listing's `image_urls` holds.
 */
export async function uploadListingPhoto(
  client: SupabaseClient,
  userId: string,
  listingId: string,
  name = 'front.jpg',
): Promise<string> {
  const image = await photo(name)
  const path = `${userId}/${listingId}/${name}`
  const bucket = client.storage.from('listing-images')
  const { error } = await bucket.upload(path, image.buffer, { contentType: image.mimeType, upsert: true })
  if (error) throw error
  return bucket.getPublicUrl(path).data.publicUrl
}

export type NewListing = { name: string; address: string; regularPrice: string; type?: 'Rent' | 'Sell' }

/** Fills the Create a Listing form with valid values and publishes it; returns the listing's page address. */
export async function createListing(page: Page, listing: NewListing): Promise<string> {
  await page.goto('/create-listing')
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
  if (listing.type === 'Sell') await page.getByRole('button', { name: 'Sell', exact: true }).click()
  await page.getByLabel('Name').fill(listing.name)
  await page.getByLabel('Address').fill(listing.address)
  await page.getByLabel(/^Regular price/).fill(listing.regularPrice)
  await fillPublishingFacts(page, {
    type: listing.type === 'Sell' ? 'sale' : 'rent',
    regularPrice: listing.regularPrice,
  })
  await page.getByLabel('Images').setInputFiles([await photo('front.jpg')])
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(toast(page, 'Listing published!')).toBeVisible()
  await expect(page).toHaveURL(/\/category\/(rent|sale)\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname
}
