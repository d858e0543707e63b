import { randomUUID } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { type Account, fillSignIn } from './support/accounts'
import { type Person, personViaApi, publishHome } from './support/saved-searches'
import { ONLINE_ONLY } from './support/service-worker'
import { ANON_KEY, API_URL } from './support/stack'

/**
 * Live updates in Chromium, two people at once: the hunter's screens open in a browser, the landlord acting
 * through the API (their own signed-in supabase-js client), nothing reloaded in between.
 */

test.use(ONLINE_ONLY)
test.setTimeout(120_000)

async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/sign-in')
  await fillSignIn(page, account.email, account.password)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
  return page
}

/** The homes this spec published, removed after it: the specs after it read the seed's newest homes and photos. */
const published: { client: SupabaseClient; id: string }[] = []

test.afterAll(async () => {
  for (const { client, id } of published.splice(0)) {
    const { error } = await client.from('listings').delete().eq('id', id)
    if (error) throw error
  }
})

async function homeWithEnquiry(landlord: Person, hunter: Person) {
  const listingName = `Live flat ${Math.random().toString(36).slice(2, 6)}`
  const listingId = await publishHome(landlord.client, {
    name: listingName,
    location: 'Hackney, London',
    price: 1500,
    bedrooms: 2,
  })
  published.push({ client: landlord.client, id: listingId })
  const { data, error } = await hunter.client.rpc('send_enquiry', {
    listing_id: listingId,
    message_id: randomUUID(),
    body: 'Is it still available?',
  })
  if (error) throw error
  return { listingId, listingName, conversationId: data as string }
}

test('a reply appears in the open thread, and Read when the other side opens it, without a reload', async ({
  browser,
}) => {
  const [landlord, hunter] = await Promise.all([personViaApi('landlord'), personViaApi('hunter')])
  const { conversationId } = await homeWithEnquiry(landlord, hunter)
  const page = await signedInPage(browser, hunter.account)
  await page.goto(`/messages/${conversationId}`)
  const thread = page.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  await expect(thread).toHaveCount(1)
  await expect(thread.first()).toContainText('Sent')

  // The landlord opens the conversation elsewhere: the hunter's message says Read.
  const read = await landlord.client.rpc('mark_conversation_read', { conversation_id: conversationId })
  expect(read.error).toBeNull()
  await expect(thread.first()).toContainText('Read', { timeout: 3_000 })

  // The landlord replies: it appears once, in order, within moments.
  const replied = await landlord.client
    .from('messages')
    .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Yes, come on Saturday.' })
  expect(replied.error).toBeNull()
  await expect(thread).toHaveCount(2, { timeout: 3_000 })
  await expect(thread.nth(1)).toContainText('Yes, come on Saturday.')
  await page.waitForTimeout(500)
  await expect(page.getByText('Yes, come on Saturday.')).toHaveCount(1)
  await page.context().close()
})

test('a status change reaches the open saved homes screen', async ({ browser }) => {
  const [landlord, hunter] = await Promise.all([personViaApi('landlord'), personViaApi('hunter')])
  const { listingId, listingName } = await homeWithEnquiry(landlord, hunter)
  const saved = await hunter.client.from('saved_listings').insert({ listing_id: listingId })
  expect(saved.error).toBeNull()
  const page = await signedInPage(browser, hunter.account)
  await page.goto('/saved')
  const card = page.getByRole('listitem').filter({ hasText: listingName })
  await expect(card).toBeVisible({ timeout: 10_000 })
  await expect(card).not.toContainText('Let agreed')

  const changed = await landlord.client.from('listings').update({ status: 'let_agreed' }).eq('id', listingId)
  expect(changed.error).toBeNull()
  await expect(card).toContainText('Let agreed', { timeout: 5_000 })
  await page.context().close()
})

test('an open listing page shows its new status at once', async ({ browser }) => {
  const [landlord, hunter] = await Promise.all([personViaApi('landlord'), personViaApi('hunter')])
  const { listingId } = await homeWithEnquiry(landlord, hunter)
  const page = await signedInPage(browser, hunter.account)
  await page.goto(`/category/rent/${listingId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const badge = page.locator('.listing-details__badges .badge--status')
  await expect(badge).toHaveCount(0)
  // Wait for the page's channel to join before the change (the page re-reads on join anyway).
  await page.waitForTimeout(1_000)
  const changed = await landlord.client.from('listings').update({ status: 'let' }).eq('id', listingId)
  expect(changed.error).toBeNull()
  // Let: still on the market for 14 days (then `This home is no longer on the market`, spec), shown live.
  await expect(badge).toHaveText('Let', { timeout: 5_000 })
  await page.context().close()
})

test('joining someone else’s topic from the browser is refused with hosted’s error', async ({ browser }) => {
  const [other, hunter] = await Promise.all([personViaApi('other'), personViaApi('hunter')])
  const page = await signedInPage(browser, hunter.account)
  const { data } = await hunter.client.auth.getSession()
  const token = data.session?.access_token ?? ''
  const answer = await page.evaluate(
    async ({ url, key, token, topic }) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`)
      await new Promise((resolve) => ws.addEventListener('open', resolve))
      const reply = new Promise<unknown>((resolve) =>
        ws.addEventListener('message', (event) => resolve(JSON.parse(String(event.data)))),
      )
      ws.send(
        JSON.stringify([
          '1',
          '1',
          `realtime:${topic}`,
          'phx_join',
          { config: { private: true }, access_token: token },
        ]),
      )
      const result = await reply
      ws.close()
      return result
    },
    { url: API_URL, key: ANON_KEY, token, topic: `user:${other.id}` },
  )
  expect(answer).toEqual([
    '1',
    '1',
    `realtime:user:${other.id}`,
    'phx_reply',
    {
      status: 'error',
      response: {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: user:${other.id}`,
      },
    },
  ])
  await page.context().close()
})

test('two people in two browsers: typing…, a reply sent on screen, and Read on the sender’s side', async ({
  browser,
}) => {
  const [landlord, hunter] = await Promise.all([personViaApi('landlord'), personViaApi('hunter')])
  const { conversationId } = await homeWithEnquiry(landlord, hunter)
  const [hunterPage, ownerPage] = await Promise.all([
    signedInPage(browser, hunter.account),
    signedInPage(browser, landlord.account),
  ])
  await Promise.all([
    hunterPage.goto(`/messages/${conversationId}`),
    ownerPage.goto(`/messages/${conversationId}`),
  ])
  const hunterThread = hunterPage.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  const ownerThread = ownerPage.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  await expect(hunterThread).toHaveCount(1)
  await expect(ownerThread).toHaveCount(1)
  // Both channels joined before the landlord writes.
  await hunterPage.waitForTimeout(1_000)

  await ownerPage.getByRole('textbox', { name: 'Message' }).fill('Saturday at 11')
  await expect(hunterPage.getByText('typing…')).toBeVisible({ timeout: 3_000 })
  await ownerPage.getByRole('textbox', { name: 'Message' }).fill('Saturday at 11 works.')
  await ownerPage.getByRole('button', { name: 'Send', exact: true }).click()

  await expect(hunterThread).toHaveCount(2, { timeout: 5_000 })
  await expect(hunterThread.nth(1)).toContainText('Saturday at 11 works.')
  await expect(hunterPage.getByText('typing…')).toHaveCount(0)
  // The hunter has the thread open, so the reply is read at once: the landlord sees Read without a reload.
  await expect(ownerThread.last()).toContainText('Read', { timeout: 5_000 })
  await hunterPage.context().close()
  await ownerPage.context().close()
})

test('after the connection comes back, the open thread shows what came meanwhile, once', async ({
  browser,
}) => {
  const [landlord, hunter] = await Promise.all([personViaApi('landlord'), personViaApi('hunter')])
  const { conversationId } = await homeWithEnquiry(landlord, hunter)
  const page = await signedInPage(browser, hunter.account)
  await page.goto(`/messages/${conversationId}`)
  const thread = page.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  await expect(thread).toHaveCount(1)
  await page.waitForTimeout(1_000)

  await page.context().setOffline(true)
  await page.evaluate(() => window.dispatchEvent(new Event('offline')))
  const sent = await landlord.client
    .from('messages')
    .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Sent while you were offline' })
  expect(sent.error).toBeNull()
  await page.waitForTimeout(1_000)
  await page.context().setOffline(false)

  await expect(thread).toHaveCount(2, { timeout: 15_000 })
  await expect(page.getByText('Sent while you were offline')).toHaveCount(1)
  // And live again after the re-join.
  const after = await landlord.client
    .from('messages')
    .insert({ id: randomUUID(), conversation_id: conversationId, body: 'And now you are back' })
  expect(after.error).toBeNull()
  await expect(thread).toHaveCount(3, { timeout: 15_000 })
  await page.waitForTimeout(500)
  await expect(page.getByText('Sent while you were offline')).toHaveCount(1)
  await expect(page.getByText('And now you are back')).toHaveCount(1)
  await page.context().close()
})

test('the conversations list reorders and the unread count changes when a reply arrives', async ({
  browser,
}) => {
  const [first, second, hunter] = await Promise.all([
    personViaApi('first'),
    personViaApi('second'),
    personViaApi('hunter'),
  ])
  const older = await homeWithEnquiry(first, hunter)
  const newer = await homeWithEnquiry(second, hunter)
  const page = await signedInPage(browser, hunter.account)
  await page.goto('/messages')
  const items = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText(newer.listingName)
  const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-count')
  await expect(badge).toHaveCount(0)
  await page.waitForTimeout(1_000)

  const replied = await first.client
    .from('messages')
    .insert({ id: randomUUID(), conversation_id: older.conversationId, body: 'Yes, still available.' })
  expect(replied.error).toBeNull()
  await expect(items.first()).toContainText(older.listingName, { timeout: 5_000 })
  await expect(items.first()).toContainText('Yes, still available.')
  await expect(badge).toHaveText(/^1/, { timeout: 5_000 })
  await page.context().close()
})
