import { type Browser, expect, type Page, test } from '@playwright/test'
import { DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import { type Account, E2E_MAIL_URL, fillSignIn } from './support/accounts'
import { type Person, personViaApi, publishHome, savedSearchItem, uniqueWord } from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'
import { API_URL } from './support/stack'

/**
 * Hunting together, with two accounts in their own browsers: Alex shares the saved homes, Sam opens the
 * link, signs in and joins; Sam writes a note and a 👍 with no signal, which reach Alex once Sam is back
 * online; an invitation opened twice is refused; Sam leaves and keeps only their own saved homes. And an
 * alert by email, read from the local outbox, whose one-click unsubscribe link is followed.
 */

async function signedInPage(browser: Browser, account: Account, path = '/sign-in'): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(path)
  await fillSignIn(page, account.email, account.password)
  return page
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

let landlord: Person
const homes: { id: string; name: string }[] = []

test.beforeAll(async () => {
  landlord = await personViaApi('together-landlord')
  for (const name of ['Garden flat together', 'Loft flat together', 'Attic flat together']) {
    const id = await publishHome(landlord.client, {
      name,
      location: '12 Elm Road, Hackney',
      price: 1500,
      bedrooms: 2,
    })
    homes.push({ id, name })
  }
})

test.afterAll(async () => {
  const { error } = await landlord.client
    .from('listings')
    .delete()
    .in(
      'id',
      homes.map((home) => home.id),
    )
  if (error) throw error
})

test('two people share a shortlist: join, a note written offline reaches the other, then one leaves', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const alex = await personViaApi('alex')
  const sam = await personViaApi('sam')
  const [garden, loft] = homes as [{ id: string; name: string }, { id: string; name: string }]
  for (const [who, home] of [
    [alex, garden],
    [sam, loft],
  ] as const) {
    const { error } = await who.client.from('saved_listings').insert({ listing_id: home.id })
    if (error) throw error
  }

  // Alex shares the saved homes.
  const alexPage = await signedInPage(browser, alex.account)
  await expect(alexPage.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({
    timeout: 30_000,
  })
  await alexPage.goto('/saved')
  await expect(card(alexPage, garden.name)).toBeVisible()
  await alexPage.getByRole('button', { name: 'Share with someone' }).click()
  const link = await alexPage.getByLabel(/Invitation link/).inputValue()
  expect(link).toMatch(/\/join\/[0-9a-f]{64}$/)

  // Sam opens the link, signs in, and joins: both people's homes, Alex's marked as added by Alex.
  const samPage = await signedInPage(browser, sam.account, new URL(link).pathname)
  await expect(samPage.getByRole('heading', { level: 1, name: 'Join a shortlist' })).toBeVisible({
    timeout: 30_000,
  })
  await samPage.getByRole('button', { name: 'Join this shortlist' }).click()
  await expect(samPage.getByRole('heading', { level: 1, name: 'Saved homes' })).toBeVisible()
  await expect(card(samPage, garden.name).getByText(`Added by ${alex.account.name}`)).toBeVisible()
  await expect(card(samPage, loft.name)).toBeVisible()
  await expect(samPage.getByText(`Shared with ${alex.account.name}`)).toBeVisible()

  // The same link again, for anyone: used.
  const third = await personViaApi('third')
  const thirdPage = await signedInPage(browser, third.account, new URL(link).pathname)
  await thirdPage.getByRole('button', { name: 'Join this shortlist' }).click()
  await expect(
    thirdPage.getByRole('alert').filter({ hasText: 'This invitation has expired or was already used' }),
  ).toBeVisible()

  // With no signal, Sam writes a note and a 👍 on Alex's home: shown at once.
  await waitForServiceWorker(samPage)
  await expect(card(samPage, garden.name)).toBeVisible()
  await samPage.context().setOffline(true)
  const gardenOnSam = card(samPage, garden.name)
  await gardenOnSam.getByRole('button', { name: 'Add a note' }).click()
  await gardenOnSam.getByLabel('Your note').fill('love the garden')
  await gardenOnSam.getByRole('button', { name: 'Save note' }).click()
  await gardenOnSam.getByRole('button', { name: 'Thumbs up' }).click()
  await expect(gardenOnSam.getByText('love the garden')).toBeVisible()
  await expect(gardenOnSam.getByRole('button', { name: 'Thumbs up' })).toHaveAttribute('aria-pressed', 'true')
  // It opens again offline, with the note.
  await samPage.reload()
  await expect(card(samPage, garden.name).getByText('love the garden')).toBeVisible()

  // Back online, the note is sent once; Alex sees it as Sam's.
  await samPage.context().setOffline(false)
  await expect
    .poll(async () => (await sam.client.from('home_notes').select('body, vote')).data, { timeout: 30_000 })
    .toEqual([{ body: 'love the garden', vote: 'up' }])
  await alexPage.reload()
  await expect(card(alexPage, garden.name).getByText(`${sam.account.name}: love the garden 👍`)).toBeVisible()
  await expect(card(alexPage, loft.name).getByText(`Added by ${sam.account.name}`)).toBeVisible()

  // Either removes a home for both: Sam saves a third, Alex removes it.
  const attic = homes[2] as { id: string; name: string }
  const { error: thirdError } = await sam.client.from('saved_listings').insert({ listing_id: attic.id })
  if (thirdError) throw thirdError
  await alexPage.reload()
  await card(alexPage, attic.name).getByRole('button', { name: 'Remove from shortlist' }).click()
  await expect(card(alexPage, attic.name)).toHaveCount(0)
  await expect
    .poll(async () => (await sam.client.from('saved_listings').select('listing_id')).data)
    .toEqual([{ listing_id: loft.id }])

  // Sam leaves: Sam keeps their own home, Alex keeps the shortlist with both.
  await samPage.getByRole('button', { name: 'Leave this shortlist' }).click()
  await expect(card(samPage, garden.name)).toHaveCount(0)
  await expect(card(samPage, loft.name)).toBeVisible()
  await alexPage.reload()
  await expect(card(alexPage, loft.name)).toBeVisible()
  await expect(alexPage.getByText(`Shared with ${sam.account.name}`)).toHaveCount(0)
  await expect(card(alexPage, garden.name).getByText('love the garden')).toHaveCount(0)
})

test('an alert by email arrives in the outbox, and its unsubscribe link turns that search’s emails off', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const hunter = await personViaApi('emailed')
  const word = uniqueWord('Em')
  const name = `Flats by ${word}`
  const { error } = await hunter.client
    .from('saved_searches')
    .insert({ name, params: { keywords: word }, alerts: 'instant' })
  if (error) throw error

  // Email is chosen in the saved search.
  const page = await signedInPage(browser, hunter.account)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
  await page.goto('/saved?view=searches')
  const item = savedSearchItem(page, name)
  await item.getByRole('button', { name: 'Email', exact: true }).click()
  await expect(item.getByRole('button', { name: 'Email', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(item.getByRole('button', { name: 'Push', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // A matching home is published; the stack's every-minute call of send-alerts is made now.
  const homeName = `${word} flat`.slice(0, 32)
  const id = await publishHome(landlord.client, {
    name: homeName,
    location: 'Hackney, London',
    price: 1650,
    bedrooms: 1,
  })
  homes.push({ id, name: homeName })
  const sent = await fetch(`${API_URL}/functions/v1/send-alerts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'instant' }),
  })
  expect(sent.status).toBe(200)

  // The email, read from the local outbox: the home, its price and place, and the one-click unsubscribe.
  type Found = { messages: { ID: string; Subject: string }[] }
  let found: Found['messages'][number] | undefined
  await expect
    .poll(async () => {
      const query = encodeURIComponent(`to:${hunter.account.email}`)
      found = ((await (await fetch(`${E2E_MAIL_URL}/api/v1/search?query=${query}`)).json()) as Found)
        .messages[0]
      return found?.Subject
    })
    .toBe(`A new home for “${name}”`)
  const message = (await (await fetch(`${E2E_MAIL_URL}/api/v1/message/${found?.ID}`)).json()) as {
    Text: string
  }
  expect(message.Text).toContain(homeName)
  expect(message.Text).toContain('£1,650 a month · Hackney, London')
  expect(message.Text).toContain(`/category/rent/${id}`)
  const headers = (await (
    await fetch(`${E2E_MAIL_URL}/api/v1/message/${found?.ID}/headers`)
  ).json()) as Record<string, string[]>
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
  const unsubscribe = /^<(.+)>$/.exec(headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? ''

  // A tampered link does nothing and says so; the real one, followed with no sign-in, turns emails off.
  const reader = await (await browser.newContext()).newPage()
  await reader.goto(unsubscribe.replace(/token=./, 'token=x'))
  await expect(reader.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible()
  await reader.goto(unsubscribe)
  await reader.getByRole('button', { name: 'Turn off email alerts' }).click()
  await expect(reader.getByRole('heading', { name: 'Email alerts are off' })).toBeVisible()

  // The saved search says so; its push alerts stay.
  await page.reload()
  await expect(
    savedSearchItem(page, name).getByText('You unsubscribed from this search’s emails.'),
  ).toBeVisible()
  await expect(
    savedSearchItem(page, name).getByRole('button', { name: 'Push', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true')
})
