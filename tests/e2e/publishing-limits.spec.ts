import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { newAccount, signUp, toast, userIdOf } from './support/accounts'
import { draftItem, fillListing, onlyDraft, serverCounts } from './support/drafts'
import { waitForServiceWorker } from './support/service-worker'
import { API_URL } from './support/stack'

/**
 * The publishing limits (20 new listings a day, 200 in all) as a landlord meets them: the database refuses
 * the listing, the form says why and keeps what was typed, and a draft waiting offline keeps its place and
 * says why. The count is set up with the service role, which the limits do not bind.
 */

const DAILY = 'You can publish up to 20 new listings a day. Please try again tomorrow.'
const TOTAL = 'You can have up to 200 listings. Delete one to publish another.'

const service = createClient(API_URL, DEFAULT_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
})

const landlords: string[] = []

/** `count` listings of the landlord's, published `hoursAgo` hours ago (through the service role). */
async function alreadyPublished(userId: string, count: number, hoursAgo: number): Promise<void> {
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString()
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    user_ref: userId,
    created_at: createdAt,
    type: 'rent',
    name: `Earlier listing number ${i + 1}`,
    location: 'Stonegate, York YO1',
    bedrooms: 1,
    bathrooms: 1,
    parking: false,
    furnished: false,
    offer: false,
    regular_price: 700,
    discounted_price: null,
    image_urls: ['https://images.example.com/homes/front.jpg'],
    latitude: 53.9614,
    longitude: -1.0819,
  }))
  const { error } = await service.from('listings').insert(rows)
  if (error) throw error
}

/** How many listings the landlord has on the server. */
async function listingsOf(userId: string): Promise<number> {
  const { count, error } = await service
    .from('listings')
    .select('id', { count: 'exact', head: true })
    .eq('user_ref', userId)
  if (error) throw error
  return count ?? 0
}

/** The landlord's listings as if published `hours` ago: created_at never changes, so they are made again. */
async function movedBack(userId: string, hours: number): Promise<void> {
  const count = await listingsOf(userId)
  const { error } = await service.from('listings').delete().eq('user_ref', userId)
  if (error) throw error
  await alreadyPublished(userId, count, hours)
}

async function newLandlord(page: Page, label: string): Promise<string> {
  const account = newAccount(label)
  await signUp(page, account)
  const id = await userIdOf(account.email, account.password)
  landlords.push(id)
  return id
}

// The other specs share the stack: the listings made here go when each test ends.
test.afterEach(async () => {
  const ids = landlords.splice(0)
  if (ids.length === 0) return
  const { error } = await service.from('listings').delete().in('user_ref', ids)
  if (error) throw error
})

test.describe('publishing limits', () => {
  test('the 21st listing of the day is refused in the form, which keeps what was typed', async ({ page }) => {
    const userId = await newLandlord(page, 'daily-limit')
    await alreadyPublished(userId, 20, 1)

    await page.goto('/create-listing')
    await fillListing(page, {
      name: 'One flat too many today',
      address: 'York',
      regularPrice: '950',
      photos: 1,
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toast(page, DAILY)).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/create-listing/)
    await expect(page.getByLabel('Name')).toHaveValue('One flat too many today')
    expect(await listingsOf(userId)).toBe(20)

    // A day later (the earlier 20 published 25 hours ago) the same form, unchanged, publishes.
    await movedBack(userId, 25)
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
    expect(await listingsOf(userId)).toBe(21)
  })

  test('a draft waiting offline keeps its place and says why when the 200 in all are reached', async ({
    page,
    context,
  }) => {
    const userId = await newLandlord(page, 'total-limit')
    await waitForServiceWorker(page)
    await page.goto('/create-listing')
    await context.setOffline(true)
    await fillListing(page, {
      name: 'Flat drafted on the bus',
      address: 'York',
      regularPrice: '800',
      photos: 1,
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    const item = draftItem(page, 'Flat drafted on the bus')
    await expect(item).toContainText('Waiting to publish')

    // Meanwhile 200 listings of the account, older than a day, are already on the server.
    await alreadyPublished(userId, 200, 48)
    await context.setOffline(false)
    await expect(item).toContainText(`Needs attention: ${TOTAL}`, { timeout: 20_000 })
    await expect(item.getByRole('button', { name: 'Retry' })).toBeVisible()
    const { id } = await onlyDraft(page)
    expect((await serverCounts(userId, id)).rows).toBe(0)

    // Kept across a reload, still saying why.
    await page.reload()
    await expect(draftItem(page, 'Flat drafted on the bus')).toContainText(`Needs attention: ${TOTAL}`)
  })
})
