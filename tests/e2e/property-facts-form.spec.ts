import { expect, type Page, test } from '@playwright/test'
import { DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { photo, toast, uploadListingPhoto } from './support/accounts'
import { draftItem, fillListing, onlyDraft } from './support/drafts'
import { myListing, openEdit, signInContext } from './support/listing-edits'
import { clientOf, newSignedInAccount } from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'
import { API_URL } from './support/stack'

// The listing form's `Property facts` (issue 55): asked on create, in an offline draft and on edit, counted as
// they are typed, refused beside their fields, and written to the listing's columns.

const FACT_COLUMNS =
  'id,property_type,floor_area_m2,epc_rating,epc_exempt_reason,council_tax_band,rates_per_year,tenure,' +
  'deposit,available_now,available_from,min_tenancy_months,bills_included,pets_considered'
const SAVED_OFFLINE = 'Saved as a draft. It will publish when you are back online.'

/** Listings the form published in a test, deleted after it (with the landlord's client). */
const created: { client: SupabaseClient; id: string }[] = []
test.afterEach(async () => {
  for (const { client, id } of created.splice(0)) {
    const { error } = await client.from('listings').delete().eq('id', id)
    if (error) throw error
  }
})

async function landlord(page: Page, label: string, path: string) {
  const { client, userId } = await landlordAccount(page, label, path)
  return { client, userId }
}

async function landlordAccount(page: Page, label: string, path: string) {
  const account = await newSignedInAccount(page, label, path)
  const client = await clientOf(account.email, account.password)
  const { data } = await client.auth.getUser()
  const userId = data.user?.id
  if (!userId) throw new Error('no user')
  return { account, client, userId }
}

async function factsRow(client: SupabaseClient, id: string) {
  const { data, error } = await client.from('listings').select(FACT_COLUMNS).eq('id', id).single()
  if (error) throw error
  return data as unknown as Record<string, unknown>
}

/** The service role (a supabase-js client in Node needs a WebSocket for realtime, unused here). */
const admin = createClient(API_URL, DEFAULT_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
})

/**
 * A listing published before the facts existed (none given), in Leeds, with one photo in its landlord's folder.
 * Written by the service role: an API caller can no longer publish a listing without the facts publishing needs.
 */
async function publishedBeforeTheFacts(
  client: SupabaseClient,
  userId: string,
  name: string,
): Promise<string> {
  const id = crypto.randomUUID()
  const photoUrl = await uploadListingPhoto(client, userId, id, 'a.jpg')
  const { error } = await admin.from('listings').insert({
    id,
    user_ref: userId,
    type: 'rent',
    name,
    location: 'Leeds',
    bedrooms: 1,
    bathrooms: 1,
    regular_price: 800,
    image_urls: [photoUrl],
    latitude: 53.8,
    longitude: -1.55,
    epc_rating: null,
    council_tax_band: null,
    deposit: null,
  })
  if (error) throw error
  created.push({ client, id })
  return id
}

const count = (page: Page) => page.getByText(/^Property facts: \d+ of \d+$/)
const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
const choose = (page: Page, name: string, choice: string) =>
  group(page, name).getByRole('button', { name: choice, exact: true }).click()
const listingIdOf = (url: string) => new URL(url).pathname.split('/').pop() ?? ''

test('a landlord publishes a let with its facts: counted as typed, refused beside each field, shown on its page', async ({
  page,
}) => {
  const { client } = await landlord(page, 'facts-form', '/create-listing')
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
  const name = `Flat by the Minster ${Date.now().toString(36).slice(-5)}`
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Address').fill('York')
  await page.getByLabel(/^Regular price/).fill('1450')
  await page.getByLabel('Images').setInputFiles([await photo('front.jpg')])

  await expect(count(page)).toHaveText('Property facts: 0 of 9')
  await page.getByLabel('Property type').selectOption({ label: 'Flat' })
  await expect(count(page)).toHaveText('Property facts: 1 of 9')

  // The floor area in either unit: what was typed comes back as typed.
  await page.getByLabel('Floor area (m²)').fill('62')
  await expect(count(page)).toHaveText('Property facts: 2 of 9')
  await choose(page, 'Floor area unit', 'sq ft')
  await expect(page.getByLabel('Floor area (sq ft)')).toHaveValue('667')
  await choose(page, 'Floor area unit', 'm²')
  await expect(page.getByLabel('Floor area (m²)')).toHaveValue('62')

  // Publishing needs the EPC, the band and the deposit: each says so beside its field, the first takes focus.
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByLabel('EPC rating')).toHaveAccessibleDescription(
    /Add the EPC rating \(A–G\) or mark it exempt/,
  )
  await expect(page.getByLabel('Council tax band')).toHaveAccessibleDescription(
    /Add the council tax band, or choose Not yet banded/,
  )
  await expect(page.getByLabel('Deposit (£)')).toHaveAccessibleDescription('Add the deposit')
  await expect(page.getByLabel('EPC rating')).toBeFocused()
  await expect(page).toHaveURL(/\/create-listing$/)

  // A deposit above five weeks' rent.
  await page.getByLabel('EPC rating').selectOption('C')
  await page.getByLabel('Council tax band').selectOption('B')
  await page.getByLabel('Deposit (£)').fill('1674')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByLabel('Deposit (£)')).toHaveAccessibleDescription(
    "A deposit can be at most 5 weeks' rent (£1,673 for £1,450 a month)",
  )
  await expect(page.getByLabel('Deposit (£)')).toBeFocused()
  // A floor area of 0 is refused too; Northern Ireland's rates need their yearly amount (the form does not know
  // this home's nation yet, so every band is offered).
  await page.getByLabel('Floor area (m²)').fill('0')
  await page.getByLabel('Council tax band').selectOption({ label: 'Rates' })
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByLabel('Floor area (m²)')).toHaveAccessibleDescription(
    /Floor area must be more than 0/,
  )
  await expect(page.getByLabel('Rates a year (£)')).toHaveAccessibleDescription('Add the rates a year')
  await expect(page.getByLabel('Floor area (m²)')).toBeFocused()
  await page.getByLabel('Floor area (m²)').fill('62')
  await page.getByLabel('Council tax band').selectOption('B')

  await page.getByLabel('Deposit (£)').fill('1673')
  await choose(page, 'Available from', 'Now')
  await page.getByLabel('Minimum tenancy (months)').fill('6')
  await choose(page, 'Bills included', 'No')
  await choose(page, 'Pets considered', 'Yes')
  await expect(count(page)).toHaveText('Property facts: 9 of 9')
  await page.getByRole('button', { name: 'Create Listing' }).click()

  await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/)
  const id = listingIdOf(page.url())
  created.push({ client, id })
  const facts = page.getByRole('region', { name: 'Property facts' })
  for (const shown of ['Flat', '62 m² (667 sq ft)', 'EPC rating C', 'Band B', '£1,673', 'Now', '6 months'])
    await expect(facts).toContainText(shown)
  expect(await factsRow(client, id)).toMatchObject({
    property_type: 'flat',
    floor_area_m2: 62,
    epc_rating: 'C',
    council_tax_band: 'B',
    deposit: 1673,
    available_now: true,
    available_from: null,
    min_tenancy_months: 6,
    bills_included: false,
    pets_considered: true,
    tenure: null,
  })
})

test('an offline draft keeps its facts, unit and all, and publishes them when back online', async ({
  page,
  context,
}) => {
  const { client } = await landlord(page, 'facts-draft', '/profile')
  await waitForServiceWorker(page)
  await page.goto('/create-listing')
  await context.setOffline(true)
  const name = 'Studio drafted on the bus'
  await fillListing(page, { name, address: 'York', regularPrice: '900', photos: 1 })
  await page.getByLabel('Property type').selectOption({ label: 'Studio' })
  await choose(page, 'Floor area unit', 'sq ft')
  await page.getByLabel('Floor area (sq ft)').fill('500')
  await choose(page, 'Pets considered', 'No')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(toast(page, SAVED_OFFLINE)).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  const { id } = await onlyDraft(page)
  created.push({ client, id })

  // Reopened offline, the draft has every fact as typed.
  await draftItem(page, name)
    .getByRole('link', { name: `Edit draft ${name}` })
    .click()
  await expect(page.getByLabel('Property type')).toHaveValue('studio')
  await expect(page.getByLabel('Floor area (sq ft)')).toHaveValue('500')
  await expect(page.getByLabel('EPC rating')).toHaveValue('C')
  await expect(page.getByLabel('Deposit (£)')).toHaveValue('50')
  await expect(
    group(page, 'Pets considered').getByRole('button', { name: 'No', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(count(page)).toHaveText('Property facts: 6 of 9')
  await page.goBack()
  await expect(draftItem(page, name)).toContainText('Waiting to publish')

  await context.setOffline(false)
  await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  expect(await factsRow(client, id)).toMatchObject({
    property_type: 'studio',
    floor_area_m2: 46.5,
    epc_rating: 'C',
    council_tax_band: 'B',
    deposit: 50,
    pets_considered: false,
    bills_included: null,
  })
})

test('a listing published before the facts opens for editing, and its landlord adds them', async ({
  page,
}) => {
  const { client, userId } = await landlord(page, 'facts-edit', '/profile')
  const name = 'Terrace published long ago'
  const id = await publishedBeforeTheFacts(client, userId, name)
  await page.reload()
  const card = myListing(page, name)
  await card.getByRole('link', { name: /Add the property facts/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await expect(count(page)).toHaveText('Property facts: 0 of 9')

  // A home in Leeds: England's bands, A to H (no Welsh I, no Northern Irish rates).
  await expect(page.getByLabel('Council tax band').locator('option')).toHaveText([
    'Not provided',
    ...'ABCDEFGH',
    'Not yet banded',
  ])
  // An exemption needs its reason.
  await page.getByLabel('Property type').selectOption({ label: 'Terraced house' })
  await page.getByLabel('EPC rating').selectOption({ label: 'Exempt' })
  await page.getByLabel('Council tax band').selectOption({ label: 'Not yet banded' })
  await page.getByLabel('Deposit (£)').fill('900')
  await page.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(page.getByLabel('Why it is exempt')).toHaveAccessibleDescription(
    /Say why the home is exempt \(for example, a listed building\)/,
  )
  await expect(page.getByLabel('Why it is exempt')).toBeFocused()

  await page.getByLabel('Why it is exempt').fill('Listed building')
  await expect(count(page)).toHaveText('Property facts: 4 of 9')
  await page.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  const facts = page.getByRole('region', { name: 'Property facts' })
  for (const shown of ['Terraced house', 'Exempt: Listed building', 'Not yet banded', '£900'])
    await expect(facts).toContainText(shown)
  expect(await factsRow(client, id)).toMatchObject({
    property_type: 'terraced',
    epc_rating: 'exempt',
    epc_exempt_reason: 'Listed building',
    council_tax_band: 'not_banded',
    rates_per_year: null,
    deposit: 900,
    floor_area_m2: null,
  })

  // Saved again unchanged, nothing is lost; Your Listings no longer asks for the facts.
  await page.goto(`/edit-listing/${id}`)
  await expect(page.getByLabel('Why it is exempt')).toHaveValue('Listed building')
  await expect(page.getByLabel('Council tax band')).toHaveValue('not_banded')
  await page.goto('/profile')
  await expect(myListing(page, name)).toBeVisible()
  await expect(myListing(page, name).getByRole('link', { name: /Add the property facts/ })).toHaveCount(0)
})

test('an offline edit of the facts that meets another change shows each fact with both values', async ({
  page,
  context,
  browser,
}) => {
  const { account, client, userId } = await landlordAccount(page, 'facts-conflict', '/profile')
  await waitForServiceWorker(page)
  const name = 'Maisonette by the canal'
  const id = await publishedBeforeTheFacts(client, userId, name)
  await page.reload()
  await expect(myListing(page, name)).toBeVisible()

  // This phone, offline: a deposit and an EPC rating.
  await context.setOffline(true)
  await openEdit(page, name)
  await page.getByLabel('Deposit (£)').fill('700')
  await page.getByLabel('EPC rating').selectOption('C')
  await page.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(page, 'Waiting to sync')).toBeVisible()

  // Another device, online: another deposit and the council tax band.
  const other = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(other, account.email, account.password)
  const second = await other.newPage()
  await second.goto(`/edit-listing/${id}`)
  await second.getByLabel('Deposit (£)').fill('600')
  await second.getByLabel('Council tax band').selectOption('B')
  await second.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(toast(second, 'Listing published!')).toBeVisible()
  await other.close()

  await context.setOffline(false)
  const card = myListing(page, name)
  await expect(card).toContainText('Not synced: open it to see why', { timeout: 20_000 })
  await card.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(
    page.getByRole('heading', { name: 'This listing changed while you were editing it' }),
  ).toBeVisible()
  const question = (label: string) => page.getByRole('group', { name: label, exact: true })
  await expect(question('Deposit').getByRole('button', { name: 'Mine: £700' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(question('Deposit').getByRole('button', { name: 'Theirs: £600' })).toBeVisible()
  await expect(question('EPC rating').getByRole('button', { name: 'Mine: EPC rating C' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(question('EPC rating').getByRole('button', { name: 'Theirs: Not provided' })).toBeVisible()
  await expect(question('Council tax band').getByRole('button', { name: 'Theirs: Band B' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(question('Council tax band').getByRole('button', { name: 'Mine: Not provided' })).toBeVisible()

  // Their deposit, my EPC, their band.
  await question('Deposit').getByRole('button', { name: 'Theirs: £600' }).click()
  await page.getByRole('button', { name: 'Save my choices' }).click()
  await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  expect(await factsRow(client, id)).toMatchObject({ deposit: 600, epc_rating: 'C', council_tax_band: 'B' })
})
