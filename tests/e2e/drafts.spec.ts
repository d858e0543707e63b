import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, type Request, test } from '@playwright/test'
import { newAccount, signUp, toast, userIdOf } from './support/accounts'
import {
  draftItem,
  expireAccessToken,
  fillListing,
  onlyDraft,
  serverCounts,
  storedDrafts,
  storedPhotoCount,
} from './support/drafts'
import { waitForServiceWorker } from './support/service-worker'

const SAVED_OFFLINE = 'Saved as a draft. It will publish when you are back online.'
const isUpload = (request: Request) =>
  request.method() === 'POST' && request.url().includes('/storage/v1/object/listing-images/')
const isInsert = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/rest/v1/listings')

/** A server that takes requests and never answers them; `received` settles when the first one arrives. */
async function silentServer(): Promise<{ url: string; received: Promise<void>; close(): Promise<void> }> {
  let arrived!: () => void
  const received = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const server = createServer(() => arrived())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A new user, signed in, with the service worker in control so the app opens offline. */
async function newLandlord(page: Page, label: string): Promise<string> {
  const account = newAccount(label)
  await signUp(page, account)
  await waitForServiceWorker(page)
  return userIdOf(account.email, account.password)
}

/** Offline: fill the form and submit it; it is kept as a waiting draft and the profile shows it. */
async function saveOfflineDraft(page: Page, name: string, photos: number, address = 'York') {
  await page.goto('/create-listing')
  await page.context().setOffline(true)
  await fillListing(page, { name, address, regularPrice: '900', photos })
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(toast(page, SAVED_OFFLINE)).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(draftItem(page, name)).toContainText('Waiting to publish')
  return (await onlyDraft(page)).id
}

test.describe('drafts: a listing made offline publishes once when back online', () => {
  test('5 photos offline → waiting draft that survives a reload → exactly 1 row and 5 objects, even re-run', async ({
    page,
    context,
  }) => {
    const userId = await newLandlord(page, 'draft')
    const listingId = await saveOfflineDraft(page, 'Flat drafted on a train', 5)
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 0, objects: 0 })

    await page.reload()
    await expect(draftItem(page, 'Flat drafted on a train')).toContainText('Waiting to publish')

    await context.setOffline(false)
    await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
    await expect(draftItem(page, 'Flat drafted on a train')).toContainText('Published')
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 5 })
    expect((await onlyDraft(page)).state).toBe('published')

    // Forced re-runs (every trigger, and a restart) send nothing more.
    const sent: string[] = []
    page.on('request', (request) => {
      if (isUpload(request) || isInsert(request)) sent.push(request.url())
    })
    await page.evaluate(() => {
      window.dispatchEvent(new Event('roost:drafts-saved'))
      window.dispatchEvent(new Event('online'))
    })
    await page.reload()
    await expect(draftItem(page, 'Flat drafted on a train')).toContainText('Published')
    await page.waitForTimeout(1_000)
    expect(sent).toEqual([])
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 5 })
  })

  test('a page killed mid-upload is finished by the next start, with no duplicate', async ({
    page,
    context,
  }) => {
    const userId = await newLandlord(page, 'kill')
    const listingId = await saveOfflineDraft(page, 'Cottage cut off mid-way', 5)

    // The third upload never answers: it goes to a server that accepts it and says nothing (a request held
    // in the browser would be let go when the page closes); the page is closed while it hangs.
    const silent = await silentServer()
    let uploads = 0
    await page.route('**/storage/v1/object/listing-images/**', async (route) => {
      uploads += 1
      await route.continue(uploads === 3 ? { url: `${silent.url}/never-answers` } : {})
    })
    await context.setOffline(false)
    await silent.received
    await page.close()
    await silent.close()
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 0, objects: 2 })

    const uploadsAfter: string[] = []
    const next = await context.newPage()
    next.on('request', (request) => {
      if (isUpload(request)) uploadsAfter.push(new URL(request.url()).pathname.split('/').pop() ?? '')
    })
    await next.goto('/profile')
    await expect(draftItem(next, 'Cottage cut off mid-way')).toContainText('Published', { timeout: 20_000 })
    // Resumed at the photo that was cut off; the two already stored were not sent again.
    expect(uploadsAfter).toEqual(['2.jpg', '3.jpg', '4.jpg'])
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 5 })
  })

  test('an access token that expired while offline is refreshed, and the draft still publishes', async ({
    page,
    context,
  }) => {
    const userId = await newLandlord(page, 'expired')
    const listingId = await saveOfflineDraft(page, 'Studio with a stale token', 2)
    await expireAccessToken(page)

    const refused: string[] = []
    const refreshes: string[] = []
    page.on('response', async (response) => {
      if (isUpload(response.request()) && response.status() >= 400) refused.push(await response.text())
    })
    page.on('request', (request) => {
      if (request.url().includes('grant_type=refresh_token')) refreshes.push(request.url())
    })
    await context.setOffline(false)
    await expect(draftItem(page, 'Studio with a stale token')).toContainText('Published', { timeout: 20_000 })
    // The stale token was sent and refused ('jwt expired'), then the session was refreshed and the upload retried.
    expect(refused.join()).toMatch(/jwt expired/i)
    expect(refreshes.length).toBeGreaterThanOrEqual(1)
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 2 })
  })

  test('two open tabs publish a draft once', async ({ page, context }) => {
    const userId = await newLandlord(page, 'tabs')
    const listingId = await saveOfflineDraft(page, 'Loft open in two tabs', 3)
    const second = await context.newPage()
    await second.goto('/profile')
    await expect(draftItem(second, 'Loft open in two tabs')).toContainText('Waiting to publish')

    const uploads: string[] = []
    const inserts: string[] = []
    for (const tab of [page, second]) {
      tab.on('request', (request) => {
        if (isUpload(request)) uploads.push(request.url())
        if (isInsert(request)) inserts.push(request.url())
      })
    }
    await context.setOffline(false)
    for (const tab of [page, second]) {
      await expect(draftItem(tab, 'Loft open in two tabs')).toContainText('Published', { timeout: 20_000 })
    }
    await page.waitForTimeout(1_000)
    expect(inserts).toHaveLength(1)
    expect(uploads).toHaveLength(3)
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 3 })
  })

  test('an address that does not geocode needs attention, and can be fixed and sent', async ({
    page,
    context,
  }) => {
    const userId = await newLandlord(page, 'address')
    const listingId = await saveOfflineDraft(page, 'House on no known street', 1, 'Xyzzy Plugh Nowhere Lane')
    await context.setOffline(false)
    const item = draftItem(page, 'House on no known street')
    await expect(item).toContainText('Needs attention: Please enter a correct address', { timeout: 20_000 })
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 0, objects: 0 })

    await item.getByRole('link', { name: 'Edit draft House on no known street' }).click()
    await expect(page).toHaveURL(new RegExp(`/create-listing\\?draft=${listingId}$`))
    await expect(page.getByRole('alert').filter({ hasText: 'Needs attention' })).toContainText(
      'Please enter a correct address',
    )
    await expect(page.getByLabel('Name')).toHaveValue('House on no known street')
    await expect(page.getByLabel('Address')).toHaveAccessibleDescription(/Please enter a correct address/)
    await page.getByLabel('Address').fill('York')
    await page.getByRole('button', { name: 'Create Listing' }).click()
    // Sent from the form under the draft's id: the listing's page, and no receipt left behind.
    await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(new RegExp(`/category/rent/${listingId}$`))
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 1 })
    expect(await storedDrafts(page)).toEqual([])
  })

  test('Save as draft keeps a listing on request; online it publishes at once', async ({ page }) => {
    const userId = await newLandlord(page, 'save')
    await page.goto('/create-listing')
    await fillListing(page, {
      name: 'Flat saved on purpose',
      address: 'Leeds',
      regularPrice: '750',
      photos: 2,
    })
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(draftItem(page, 'Flat saved on purpose')).toContainText('Published', { timeout: 20_000 })
    const { id } = await onlyDraft(page)
    expect(await serverCounts(userId, id)).toEqual({ rows: 1, objects: 2 })
  })
})

test.describe('the online Create flow goes through the draft', () => {
  test('a connection lost after the 2nd photo keeps the draft waiting across a reload; back online it publishes once', async ({
    page,
    context,
  }) => {
    const userId = await newLandlord(page, 'online-drop')
    await page.goto('/create-listing')
    await fillListing(page, {
      name: 'Mews house on a flaky line',
      address: 'York',
      regularPrice: '1100',
      photos: 5,
    })

    // The connection drops when the 3rd photo starts: two photos are on the server, nothing else.
    let uploads = 0
    await page.route('**/storage/v1/object/listing-images/**', async (route) => {
      uploads += 1
      if (uploads < 3) return route.continue()
      await context.setOffline(true)
      return route.abort('internetdisconnected')
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toast(page, SAVED_OFFLINE)).toBeVisible()
    await expect(page).toHaveURL(/\/profile$/)
    const { id: listingId, state } = await onlyDraft(page)
    expect(state).toBe('waiting')
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 0, objects: 2 })

    // Nothing is lost across a reload: the draft waits with all five photos.
    await page.unroute('**/storage/v1/object/listing-images/**')
    await page.reload()
    await expect(draftItem(page, 'Mews house on a flaky line')).toContainText('Waiting to publish')
    await expect(draftItem(page, 'Mews house on a flaky line')).toContainText('5 photos kept on this device')
    expect(await storedPhotoCount(page, listingId)).toBe(5)

    const uploadsAfter: string[] = []
    const inserts: string[] = []
    page.on('request', (request) => {
      if (isUpload(request)) uploadsAfter.push(new URL(request.url()).pathname.split('/').pop() ?? '')
      if (isInsert(request)) inserts.push(request.url())
    })
    await context.setOffline(false)
    await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
    await expect(draftItem(page, 'Mews house on a flaky line')).toContainText('Published')
    await page.waitForTimeout(1_000)
    // Resumed after the two photos already stored; the row was inserted once.
    expect(uploadsAfter).toEqual(['2.jpg', '3.jpg', '4.jpg'])
    expect(inserts).toHaveLength(1)
    expect(await serverCounts(userId, listingId)).toEqual({ rows: 1, objects: 5 })
  })

  test('an incomplete draft is kept on request and reopens with the messages beside its fields', async ({
    page,
  }) => {
    const userId = await newLandlord(page, 'incomplete')
    await page.goto('/create-listing')
    await page.getByLabel('Name').fill('Barn conversion, half typed')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    const item = draftItem(page, 'Barn conversion, half typed')
    await expect(item).toContainText('Needs attention: Enter the address', { timeout: 20_000 })
    const { id } = await onlyDraft(page)
    expect(await serverCounts(userId, id)).toEqual({ rows: 0, objects: 0 })

    await item.getByRole('link', { name: 'Edit draft Barn conversion, half typed' }).click()
    await expect(page.getByLabel('Name')).toHaveValue('Barn conversion, half typed')
    await expect(page.getByLabel('Address')).toHaveAccessibleDescription(/Enter the address/)
    await expect(page.getByLabel(/^Regular price/)).toHaveAccessibleDescription(/Enter the regular price/)
    await expect(page.getByLabel('Images')).toHaveAccessibleDescription(/Choose at least one image/)

    await fillListing(page, {
      name: 'Barn conversion, now done',
      address: 'Leeds',
      regularPrice: '1300',
      photos: 1,
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(new RegExp(`/category/rent/${id}$`))
    expect(await serverCounts(userId, id)).toEqual({ rows: 1, objects: 1 })
  })
})
