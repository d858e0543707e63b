import { expect, type Page, test } from '@playwright/test'
import { photo, toast } from './support/accounts'
import {
  myListing,
  openEdit,
  publishWithPhotos,
  removePublished,
  serverRow,
  storedObjects,
} from './support/listing-edits'
import { clientOf, newSignedInAccount } from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'

test.afterEach(removePublished)

// Editing a listing on the go (issue #28): the edit is kept on the device as an outbox entry, shown as
// `Waiting to sync`, and applied once when the connection returns; photos added, removed and reordered.

const WAITING = 'Waiting to sync'

/** A landlord signed in on Your Listings, the service worker in control (so the app opens offline). */
async function landlordOnProfile(page: Page, label: string) {
  const account = await newSignedInAccount(page, label, '/profile')
  const client = await clientOf(account.email, account.password)
  const { data } = await client.auth.getUser()
  const userId = data.user?.id
  if (!userId) throw new Error('no user')
  await waitForServiceWorker(page)
  return { account, client, userId }
}

test.describe('editing a listing offline', () => {
  test('fields, status and photos (add, remove, reorder) wait on the device and apply once on reconnect', async ({
    page,
    context,
  }) => {
    const { client, userId } = await landlordOnProfile(page, 'edit-offline')
    const { id, urls } = await publishWithPhotos(client, userId, {
      name: 'Loft above the bakery',
      photos: ['a.jpg', 'b.jpg'],
    })
    await page.reload()
    await expect(myListing(page, 'Loft above the bakery')).toBeVisible()

    await context.setOffline(true)
    await openEdit(page, 'Loft above the bakery')
    await page.getByLabel('Name').fill('Loft above the old bakery')
    await page.getByLabel(/^Regular price/).fill('750')
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Let agreed' }).click()
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem')
    await expect(photos).toHaveCount(2)
    await page.getByRole('button', { name: 'Remove photo 1' }).click()
    await page.getByLabel('Add photos').setInputFiles([await photo('c.jpg', { width: 640, height: 480 })])
    await expect(photos).toHaveCount(2)
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click()
    await expect(photos.first()).toContainText('New')
    await page.getByRole('button', { name: 'Edit Listing' }).click()

    await expect(toast(page, WAITING)).toBeVisible()
    await expect(page).toHaveURL(/\/profile$/)
    const card = myListing(page, 'Loft above the old bakery')
    await expect(card).toContainText(WAITING)
    await expect(card.getByLabel('Status of Loft above the old bakery')).toHaveValue('let_agreed')
    // Nothing reached the server yet, and the edit survives a restart of the app offline.
    expect(await serverRow(client, id)).toMatchObject({ name: 'Loft above the bakery', version: 1 })
    await page.reload()
    await expect(myListing(page, 'Loft above the old bakery')).toContainText(WAITING)
    await openEdit(page, 'Loft above the old bakery')
    await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem').first()).toContainText(
      'New',
    )
    await page.goBack()

    await context.setOffline(false)
    await expect(myListing(page, 'Loft above the old bakery')).not.toContainText(WAITING, { timeout: 20_000 })
    const row = await serverRow(client, id)
    expect(row).toMatchObject({
      name: 'Loft above the old bakery',
      regular_price: 750,
      status: 'let_agreed',
      version: 2,
    })
    // The new photo first (uploaded to its own path), then b; a is gone from the row and from storage.
    expect(row?.image_urls).toHaveLength(2)
    expect(row?.image_urls[1]).toBe(urls[1])
    expect(row?.image_urls[0]).toMatch(new RegExp(`/${userId}/${id}/[0-9a-f-]{36}\\.jpg$`))
    const newName = row?.image_urls[0]?.split('/').at(-1) ?? ''
    await expect.poll(() => storedObjects(client, userId, id)).toEqual(['b.jpg', newName].sort())

    // Applied once: more triggers (a reload online, a tab shown again) send nothing more.
    await page.reload()
    await expect(myListing(page, 'Loft above the old bakery')).toBeVisible()
    await page.waitForTimeout(1_500)
    expect((await serverRow(client, id))?.version).toBe(2)
  })

  test('a listing deleted elsewhere ends the edit with its text kept to copy', async ({ page, context }) => {
    const { client, userId } = await landlordOnProfile(page, 'edit-deleted')
    const { id } = await publishWithPhotos(client, userId, {
      name: 'Cottage by the river',
      photos: ['a.jpg'],
    })
    await page.reload()
    await expect(myListing(page, 'Cottage by the river')).toBeVisible()

    await context.setOffline(true)
    await openEdit(page, 'Cottage by the river')
    await page.getByLabel('Name').fill('Cottage by the weir')
    await page.getByLabel('Description').fill('A long description I wrote on the train')
    await page.getByRole('button', { name: 'Edit Listing' }).click()
    await expect(toast(page, WAITING)).toBeVisible()
    await openEdit(page, 'Cottage by the weir')
    await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible()

    // Meanwhile the listing is deleted from another device.
    const { error } = await client.from('listings').delete().eq('id', id)
    if (error) throw error

    await context.setOffline(false)
    await expect(page.getByRole('heading', { name: 'This listing was deleted' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Cottage by the weir')
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'A long description I wrote on the train',
    )
    expect(await serverRow(client, id)).toBeNull()

    // Your Listings says so too, and the text is still there until the person closes it.
    await page.goto('/profile')
    await expect(page.getByText('This listing was deleted: Cottage by the weir.')).toBeVisible()
    await page.getByRole('link', { name: 'See your changes' }).click()
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Cottage by the weir')
    await page.getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByText('This listing was deleted')).toHaveCount(0)
  })

  test('a status set from Your Listings, online and offline, goes through the same edit path', async ({
    page,
    context,
  }) => {
    const { client, userId } = await landlordOnProfile(page, 'edit-status')
    const { id } = await publishWithPhotos(client, userId, {
      name: 'Semi with a garden',
      type: 'sale',
      photos: ['a.jpg'],
    })
    await page.reload()
    const status = myListing(page, 'Semi with a garden').getByLabel('Status of Semi with a garden')
    await expect(status).toHaveValue('available')
    expect(await status.locator('option').allTextContents()).toEqual([
      'Available',
      'Under offer',
      'Sold STC',
      'Sold',
    ])

    await status.selectOption({ label: 'Under offer' })
    await expect.poll(async () => (await serverRow(client, id))?.status).toBe('under_offer')

    await context.setOffline(true)
    await status.selectOption({ label: 'Sold STC' })
    await expect(myListing(page, 'Semi with a garden')).toContainText(WAITING)
    expect((await serverRow(client, id))?.status).toBe('under_offer')
    await context.setOffline(false)
    await expect(myListing(page, 'Semi with a garden')).not.toContainText(WAITING, { timeout: 20_000 })
    expect(await serverRow(client, id)).toMatchObject({ status: 'sold_stc', version: 3 })

    // On the edit screen, switching to Rent resets a status rent lacks to Available.
    await openEdit(page, 'Semi with a garden')
    const choice = page.getByRole('group', { name: 'Status' })
    await expect(choice.getByRole('button', { name: 'Sold STC' })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'Rent', exact: true }).click()
    await expect(choice.getByRole('button', { name: 'Available' })).toHaveAttribute('aria-pressed', 'true')
    await expect(choice.getByRole('button')).toHaveText(['Available', 'Let agreed', 'Let'])
  })

  test('several edits of one listing made offline apply in order, none refused by the one before it', async ({
    page,
    context,
  }) => {
    const { client, userId } = await landlordOnProfile(page, 'edit-chain')
    const { id } = await publishWithPhotos(client, userId, {
      name: 'Mews house off the square',
      photos: ['a.jpg'],
    })
    await page.reload()
    await expect(myListing(page, 'Mews house off the square')).toBeVisible()

    await context.setOffline(true)
    await myListing(page, 'Mews house off the square')
      .getByLabel('Status of Mews house off the square')
      .selectOption({ label: 'Let agreed' })
    await openEdit(page, 'Mews house off the square')
    await expect(
      page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Let agreed' }),
    ).toHaveAttribute('aria-pressed', 'true')
    await page.getByLabel('Name').fill('Mews house by the square')
    await page.getByRole('button', { name: 'Edit Listing' }).click()
    await expect(toast(page, WAITING)).toBeVisible()
    const card = myListing(page, 'Mews house by the square')
    await card.getByLabel('Status of Mews house by the square').selectOption({ label: 'Let' })
    await expect(card).toContainText(WAITING)

    await context.setOffline(false)
    await expect(card).not.toContainText(WAITING, { timeout: 20_000 })
    expect(await serverRow(client, id)).toMatchObject({
      name: 'Mews house by the square',
      status: 'let',
      version: 4,
    })
  })
})
