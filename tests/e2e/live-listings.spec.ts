import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { setModeratorRole } from '@roost/local-supabase/cli/moderator-role'
import { loadConfig } from '@roost/local-supabase/config'
import { createListing, E2E_API_URL, newAccount, toast } from './support/accounts'
import {
  myListing,
  openEdit,
  publishWithPhotos,
  removePublished,
  serverRow,
  signInContext,
} from './support/listing-edits'
import { statusChangedDaysAgo } from './support/market'
import { apiClientFrom, establishReporters } from './support/reporters'
import { type Person, personViaApi, savedSearchItem, uniqueWord } from './support/saved-searches'
import { ONLINE_ONLY } from './support/service-worker'

/**
 * Live updates of listings, each in two browser contexts (two phones): one changes a listing, the other has a
 * screen open and sees the change without a reload. The saved search's `N new`, Your Listings and an open edit
 * screen, a home's leaving date, and a deletion.
 */

test.use(ONLINE_ONLY)
test.setTimeout(120_000)
test.afterEach(removePublished)

/** A phone of the person's: its own browser context, signed in, on `path`. */
async function phoneOf(browser: Browser, who: Person, path: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(context, who.account.email, who.account.password)
  const page = await context.newPage()
  await page.goto(path)
  return page
}

/** Time for a screen's live channel to join before the other phone acts (a join re-reads anyway). */
const settle = (page: Page) => page.waitForTimeout(1_500)

test('a saved search’s N new counts a matching home the moment another phone publishes it', async ({
  browser,
}) => {
  const [hunter, landlord] = await Promise.all([personViaApi('hunter'), personViaApi('landlord')])
  const word = uniqueWord('Lv')
  const name = `Rent · ${word}`
  const saved = await hunter.client
    .from('saved_searches')
    .insert({ name, params: { type: 'rent', keywords: word } })
  if (saved.error) throw saved.error

  const hunterPhone = await phoneOf(browser, hunter, '/saved?view=searches')
  const item = savedSearchItem(hunterPhone, name)
  await expect(item).toBeVisible({ timeout: 15_000 })
  await expect(item.getByText(/\d+ new/)).toHaveCount(0)
  await settle(hunterPhone)

  // The landlord publishes a matching home from the form on their phone.
  const landlordPhone = await phoneOf(browser, landlord, '/profile')
  const path = await createListing(landlordPhone, {
    name: `${word} flat`.slice(0, 32),
    address: 'York',
    regularPrice: '950',
  })
  const listingId = path.split('/').at(-1) ?? ''
  try {
    await expect(item.getByText('1 new', { exact: true })).toBeVisible({ timeout: 10_000 })
  } finally {
    await landlord.client.from('listings').delete().eq('id', listingId)
  }
  await hunterPhone.context().close()
  await landlordPhone.context().close()
})

test('Your Listings and an open edit screen follow a change made on another phone, keeping what is typed', async ({
  browser,
}) => {
  const landlord = await personViaApi('landlord')
  const listingName = 'Flat by the live river'
  const { id } = await publishWithPhotos(landlord.client, landlord.id, {
    name: listingName,
    photos: ['a.jpg'],
  })
  const [first, second] = await Promise.all([
    phoneOf(browser, landlord, '/profile'),
    phoneOf(browser, landlord, '/profile'),
  ])
  const status = first.getByRole('combobox', { name: `Status of ${listingName}` })
  await expect(status).toHaveValue('available', { timeout: 15_000 })
  await expect(second.getByRole('combobox', { name: `Status of ${listingName}` })).toHaveValue('available')
  await settle(first)

  // A status change on the second phone reaches Your Listings on the first.
  await second.getByRole('combobox', { name: `Status of ${listingName}` }).selectOption('let_agreed')
  await expect.poll(async () => (await serverRow(landlord.client, id))?.status).toBe('let_agreed')
  await expect(status).toHaveValue('let_agreed', { timeout: 5_000 })
  await expect(myListing(first, listingName)).toContainText('Let agreed')

  // An open edit screen nobody typed in shows the other phone's change in its fields.
  await openEdit(first, listingName)
  await expect(first.getByLabel('Bedrooms')).toHaveValue('1')
  await settle(first)
  await openEdit(second, listingName)
  await second.getByLabel('Bedrooms').fill('2')
  await second.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(second, 'Listing published!')).toBeVisible()
  await expect(first.getByLabel('Bedrooms')).toHaveValue('2', { timeout: 5_000 })
  await expect(first.getByRole('alert').filter({ hasText: 'changed while you were editing' })).toHaveCount(0)

  // The first phone types; the second saves another change meanwhile: nothing typed is replaced, and the
  // first phone is told at once, with the comparison it offers after an offline edit.
  await first.getByLabel('Description').fill('My new words about the river')
  await settle(first)
  await second.goto('/profile')
  await openEdit(second, listingName)
  await second.getByLabel(/^Regular price/).fill('950')
  await second.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(second, 'Listing published!')).toBeVisible()

  const notice = first
    .getByRole('alert')
    .filter({ hasText: 'This listing changed while you were editing it' })
  await expect(notice).toBeVisible({ timeout: 5_000 })
  await expect(first.getByLabel('Description')).toHaveValue('My new words about the river')
  await expect(first.getByLabel(/^Regular price/)).toHaveValue('800')
  await notice.getByRole('button', { name: 'Compare' }).click()
  const question = (name: string) => first.getByRole('group', { name, exact: true })
  await expect(
    question('Description').getByRole('button', { name: 'Mine: My new words about the river' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(question('Price').getByRole('button', { name: 'Theirs: £950' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await first.getByRole('button', { name: 'Save my choices' }).click()
  await expect(toast(first, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  expect(await serverRow(landlord.client, id)).toMatchObject({
    description: 'My new words about the river',
    regular_price: 950,
    bedrooms: 2,
    status: 'let_agreed',
  })
  await first.context().close()
  await second.context().close()
})

test('This home is no longer on the market shows when the leaving date passes, not at the status change', async ({
  browser,
}) => {
  const [hunter, landlord] = await Promise.all([personViaApi('hunter'), personViaApi('landlord')])
  const listingName = 'Flat with a leaving date'
  const { id } = await publishWithPhotos(landlord.client, landlord.id, {
    name: listingName,
    photos: ['a.jpg'],
  })
  const hunterPhone = await phoneOf(browser, hunter, `/category/rent/${id}`)
  await expect(hunterPhone.getByRole('heading', { level: 1, name: listingName })).toBeVisible({
    timeout: 15_000,
  })
  const gone = hunterPhone.getByText('This home is no longer on the market')
  await settle(hunterPhone)

  // The landlord marks it Let on their phone: the status shows at once, the home is still on the market.
  const landlordPhone = await phoneOf(browser, landlord, '/profile')
  await landlordPhone.getByRole('combobox', { name: `Status of ${listingName}` }).selectOption('let')
  await expect(hunterPhone.locator('.listing-details__badges .badge--status')).toHaveText('Let', {
    timeout: 5_000,
  })
  await hunterPhone.waitForTimeout(1_500)
  await expect(gone).toHaveCount(0)
  await expect(hunterPhone.getByRole('link', { name: 'Contact Landlord' })).toBeVisible()

  // Time passes (the leaving date, 14 days after Let, moved to a few seconds from now): the page says so then.
  await statusChangedDaysAgo({ id, name: listingName, type: 'rent', path: '' }, 14 - 4 / 86_400)
  await hunterPhone.waitForTimeout(1_000)
  await expect(gone).toHaveCount(0)
  await expect(gone).toBeVisible({ timeout: 10_000 })
  await expect(hunterPhone.getByRole('link', { name: 'Contact Landlord' })).toHaveCount(0)
  await hunterPhone.context().close()
  await landlordPhone.context().close()
})

test('a deleted listing leaves the open page, the saved homes and the other phone’s Your Listings', async ({
  browser,
}) => {
  const [hunter, landlord] = await Promise.all([personViaApi('hunter'), personViaApi('landlord')])
  const listingName = 'Flat about to be deleted'
  const { id } = await publishWithPhotos(landlord.client, landlord.id, {
    name: listingName,
    photos: ['a.jpg'],
  })
  const save = await hunter.client.from('saved_listings').insert({ listing_id: id })
  if (save.error) throw save.error

  const listingPage = await phoneOf(browser, hunter, `/category/rent/${id}`)
  await expect(listingPage.getByRole('heading', { level: 1, name: listingName })).toBeVisible({
    timeout: 15_000,
  })
  const savedPage = await listingPage.context().newPage()
  await savedPage.goto('/saved')
  const savedCard = savedPage.getByRole('listitem').filter({ hasText: listingName })
  await expect(savedCard).toBeVisible({ timeout: 15_000 })
  const [deleting, watching] = await Promise.all([
    phoneOf(browser, landlord, '/profile'),
    phoneOf(browser, landlord, '/profile'),
  ])
  await expect(myListing(watching, listingName)).toBeVisible({ timeout: 15_000 })
  await expect(myListing(deleting, listingName)).toBeVisible()
  await settle(watching)

  deleting.once('dialog', (dialog) => void dialog.accept())
  await myListing(deleting, listingName)
    .getByRole('button', { name: `Delete ${listingName}` })
    .click()
  await expect(toast(deleting, 'Successfully deleted listing')).toBeVisible()

  await expect(listingPage.getByRole('heading', { name: 'Listing not found' })).toBeVisible({
    timeout: 5_000,
  })
  await expect(listingPage.getByText('This listing does not exist or has been removed.')).toBeVisible()
  await expect(savedCard).toHaveCount(0, { timeout: 5_000 })
  await expect(myListing(watching, listingName)).toHaveCount(0, { timeout: 5_000 })
  await listingPage.context().close()
  await deleting.context().close()
  await watching.context().close()
})

test('a moderator’s decision on another phone shows in the landlord’s open Your Listings', async ({
  browser,
}) => {
  const [landlord, moderator] = await Promise.all([personViaApi('landlord'), personViaApi('moderator')])
  await setModeratorRole({
    apiUrl: E2E_API_URL,
    serviceRoleKey: loadConfig().serviceRoleKey,
    email: moderator.account.email,
    command: 'add',
  })
  const listingName = `Reported flat ${Date.now().toString(36).slice(-5)}`
  const { id } = await publishWithPhotos(landlord.client, landlord.id, {
    name: listingName,
    photos: ['a.jpg'],
  })
  const landlordPhone = await phoneOf(browser, landlord, '/profile')
  await expect(myListing(landlordPhone, listingName)).toBeVisible({ timeout: 15_000 })
  const hidden = landlordPhone.getByRole('status').filter({ hasText: 'Reported by several people' })
  await expect(hidden).toHaveCount(0)
  await settle(landlordPhone)

  // Three counted reports, each from an address of its own: the listing is hidden, and Your Listings says so.
  const reporters = ['127.0.0.91', '127.0.0.92', '127.0.0.93'].map((address) => ({
    address,
    account: newAccount('live-reporter'),
  }))
  for (const { address, account } of reporters) {
    const { error } = await apiClientFrom(address).auth.signUp({
      email: account.email,
      password: account.password,
    })
    if (error) throw error
  }
  await establishReporters(reporters.map(({ account }) => account.email))
  for (const { address, account } of reporters) {
    const client = apiClientFrom(address)
    await client.auth.signInWithPassword({ email: account.email, password: account.password })
    const { error } = await client
      .from('listing_reports')
      .insert({ listing_id: id, reason: 'Scam or fraud', note: 'Asks for a deposit by wire' })
    if (error) throw error
  }
  await expect(hidden).toContainText(listingName, { timeout: 5_000 })

  // The moderator takes it down on their phone: the landlord's open profile shows the decision.
  const moderatorPhone = await phoneOf(browser, moderator, '/moderation')
  const held = moderatorPhone.getByRole('article', { name: listingName })
  await held.getByRole('button', { name: 'Take down' }).click()
  await held.getByLabel('Reason').selectOption('Scam or fraud')
  await held.getByLabel('Note').fill('Deposit scam')
  await held.getByRole('button', { name: 'Confirm take down' }).click()
  await expect(toast(moderatorPhone, `"${listingName}" was taken down.`)).toBeVisible()

  const decisions = landlordPhone.getByRole('region', { name: 'Decisions about your listings' })
  await expect(
    decisions.getByText(`"${listingName}" was taken down: Scam or fraud. Deposit scam`),
  ).toBeVisible({
    timeout: 5_000,
  })
  await expect(hidden).toHaveCount(0)
  await landlordPhone.context().close()
  await moderatorPhone.context().close()
})
