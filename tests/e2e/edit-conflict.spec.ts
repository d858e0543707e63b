import { expect, test } from '@playwright/test'
import { toast } from './support/accounts'
import {
  myListing,
  openEdit,
  publishWithPhotos,
  removePublished,
  serverRow,
  signInContext,
} from './support/listing-edits'
import { clientOf, newSignedInAccount } from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'

test.afterEach(removePublished)

// An edit carries the version it started from: when the listing changed on the server in between (here from a
// second browser context of the same landlord), nothing is overwritten silently. The person sees their value
// and the server's, field by field, and each choice is honoured.

test('a conflicting edit from a second context is shown field by field and each choice honoured', async ({
  page,
  context,
  browser,
}) => {
  const account = await newSignedInAccount(page, 'edit-conflict', '/profile')
  const client = await clientOf(account.email, account.password)
  const userId = (await client.auth.getUser()).data.user?.id
  if (!userId) throw new Error('no user')
  await waitForServiceWorker(page)
  const { id } = await publishWithPhotos(client, userId, { name: 'Flat over the canal', photos: ['a.jpg'] })
  await page.reload()
  await expect(myListing(page, 'Flat over the canal')).toBeVisible()

  // This phone, offline: a new name, a new price, a new status.
  await context.setOffline(true)
  await openEdit(page, 'Flat over the canal')
  await page.getByLabel('Name').fill('Flat over the quiet canal')
  await page.getByLabel(/^Regular price/).fill('900')
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Let agreed' }).click()
  await page.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(page, 'Waiting to sync')).toBeVisible()

  // Another device, online: a different price, another bedroom, another description.
  const other = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(other, account.email, account.password)
  const second = await other.newPage()
  await second.goto(`/edit-listing/${id}`)
  await expect(second.getByLabel('Name')).toHaveValue('Flat over the canal')
  await second.getByLabel(/^Regular price/).fill('950')
  await second.getByLabel('Bedrooms').fill('3')
  await second.getByLabel('Description').fill('Their description')
  await second.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(second, 'Listing published!')).toBeVisible()
  expect(await serverRow(client, id)).toMatchObject({ regular_price: 950, bedrooms: 3, version: 2 })
  await other.close()

  // Back online, this phone's edit is refused as stale and nothing is overwritten.
  await context.setOffline(false)
  const card = myListing(page, 'Flat over the quiet canal')
  await expect(card).toContainText('Not synced: open it to see why', { timeout: 20_000 })
  expect(await serverRow(client, id)).toMatchObject({
    name: 'Flat over the canal',
    regular_price: 950,
    status: 'available',
    version: 2,
  })

  await card.getByRole('button', { name: 'Edit Flat over the quiet canal' }).click()
  await expect(
    page.getByRole('heading', { name: 'This listing changed while you were editing it' }),
  ).toBeVisible()
  const question = (name: string) => page.getByRole('group', { name, exact: true })
  // Each difference, with both values; the side that changed it is chosen first.
  await expect(
    question('Name').getByRole('button', { name: 'Mine: Flat over the quiet canal' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(question('Name').getByRole('button', { name: 'Theirs: Flat over the canal' })).toBeVisible()
  await expect(question('Status').getByRole('button', { name: 'Mine: Let agreed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(question('Price').getByRole('button', { name: 'Mine: £900' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(question('Price').getByRole('button', { name: 'Theirs: £950' })).toBeVisible()
  await expect(question('Bedrooms').getByRole('button', { name: 'Theirs: 3' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(
    question('Description').getByRole('button', { name: 'Theirs: Their description' }),
  ).toBeVisible()
  await expect(page.getByRole('group', { name: 'Photos' })).toHaveCount(0)

  // Keep my name and status, their price, my bedrooms (the one I started from), their description.
  await question('Price').getByRole('button', { name: 'Theirs: £950' }).click()
  await question('Bedrooms').getByRole('button', { name: 'Mine: 1' }).click()
  await page.getByRole('button', { name: 'Save my choices' }).click()
  await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  expect(await serverRow(client, id)).toMatchObject({
    name: 'Flat over the quiet canal',
    status: 'let_agreed',
    regular_price: 950,
    bedrooms: 1,
    description: 'Their description',
    version: 3,
  })
})
