import { type Browser, expect, type Page, test } from '@playwright/test'
import { DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import type { SupabaseClient } from '@supabase/supabase-js'
import { type Account, fillSignIn, newAccount } from './support/accounts'
import { accountViaApi, clientOf, publishHome } from './support/saved-searches'
import { API_URL } from './support/stack'

/**
 * In-app messages with two accounts in two browser contexts: a house hunter enquires from the contact
 * page, the landlord replies; unread counts in the navigation, Read receipts, the offline outbox sending
 * each message once, a visitor's message surviving sign-in, and the landlord's email setting.
 */

type Landlord = {
  account: Account
  id: string
  client: SupabaseClient
  listingId: string
  listingName: string
}

async function newLandlord(label: string): Promise<Landlord> {
  const account = newAccount(label)
  await accountViaApi(account)
  const client = await clientOf(account.email, account.password)
  const listingName = `Flat by the canal ${Math.random().toString(36).slice(2, 6)}`
  const listingId = await publishHome(client, {
    name: listingName,
    location: 'Hackney, London',
    price: 1500,
    bedrooms: 2,
  })
  const { data } = await client.auth.getUser()
  if (!data.user) throw new Error('no landlord user')
  return { account, id: data.user.id, client, listingId, listingName }
}

const contactUrl = (l: Landlord) =>
  `/contact/${l.id}?listingName=${encodeURIComponent(l.listingName)}&listingId=${l.listingId}&listingType=rent`

async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/sign-in')
  await fillSignIn(page, account.email, account.password)
  // Signing in hashes the password on the stack: slower than a screen when the machine is busy.
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
  return page
}

const unreadBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-count')

/** The messages of the hunter's conversation about the listing, as the server holds them. */
async function serverBodies(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client
    .from('messages')
    .select('body')
    .order('created_at', { ascending: true })
  if (error) throw error
  return (data as { body: string }[]).map((m) => m.body)
}

/**
 * Every spec reads landlords from one address (127.0.0.1), which landlord_contact's hourly limit of 20
 * landlords counts, and this spec makes a landlord per test: start each test with the address's reads
 * forgotten. The limit itself is tested in tests/integration/landlord-contact-limits.test.ts.
 */
async function forgetContactReads(): Promise<void> {
  const response = await fetch(`${API_URL}/rest/v1/landlord_contact_reads?address=not.is.null`, {
    method: 'DELETE',
    headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` },
  })
  if (!response.ok) throw new Error(`could not forget the contact reads: ${response.status}`)
}

test.describe('messages', () => {
  test.beforeEach(forgetContactReads)
  // Two accounts in two browser contexts, each step waiting on the other: longer than one screen's test.
  test.setTimeout(180_000)

  test('enquire, reply, unread counts and Read, between two accounts', async ({ browser }) => {
    const landlord = await newLandlord('landlord')
    const hunterAccount = newAccount('hunter')
    await accountViaApi(hunterAccount)
    const hunter = await signedInPage(browser, hunterAccount)
    const owner = await signedInPage(browser, landlord.account)

    // The hunter writes from the contact page: the spec's mail link stays, Send in Roost joins it.
    await hunter.goto(contactUrl(landlord))
    await expect(
      hunter.getByRole('heading', { level: 1, name: `Contact ${landlord.account.name}` }),
    ).toBeVisible()
    const enquiry = '<b>Hello</b> — is it still available?\nCould I see it on Saturday?'
    await hunter.getByRole('textbox', { name: 'Message' }).fill(enquiry)
    await expect(hunter.getByRole('link', { name: 'Send Message' })).toBeVisible()
    await hunter.getByRole('button', { name: 'Send in Roost' }).click()
    await expect(hunter.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    const hunterItem = hunter.getByRole('link', { name: new RegExp(landlord.listingName) })
    await expect(hunterItem).toContainText(`You: ${enquiry.split('\n')[0]}`)

    // The landlord sees one unread conversation in the navigation, from any screen.
    await owner.reload()
    await expect(unreadBadge(owner)).toHaveText(/^1/)
    await owner
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Messages/ })
      .click()
    await owner.getByRole('link', { name: new RegExp(hunterAccount.name) }).click()
    await expect(owner.getByRole('link', { name: landlord.listingName })).toBeVisible()
    await expect(owner.getByText('£1,500 / month')).toBeVisible()
    // Shown as text, never as HTML; the hunter's email is nowhere.
    const thread = owner.getByRole('list', { name: 'Messages' })
    await expect(thread.getByText(enquiry.split('\n')[0] as string)).toBeVisible()
    await expect(thread.locator('b')).toHaveCount(0)
    await expect(owner.getByText(hunterAccount.email)).toHaveCount(0)
    await expect(unreadBadge(owner)).toHaveCount(0)

    // The hunter's message now shows Read.
    await hunter.getByRole('link', { name: new RegExp(landlord.listingName) }).click()
    await expect(
      hunter.getByRole('list', { name: 'Messages' }).getByText('Read', { exact: true }),
    ).toBeVisible()

    // Nothing to read is nothing to send, as an empty box: zero-width spaces and blanks keep Send off.
    await owner.getByRole('textbox', { name: 'Message' }).fill('\u200b\u200c\u200d\u2060\ufeff \n')
    await expect(owner.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()

    // The landlord replies while the hunter is elsewhere in the app: the hunter's count shows it, live.
    await hunter.goto('/')
    await owner.getByRole('textbox', { name: 'Message' }).fill('Yes, Saturday at 11 works.')
    await owner.getByRole('button', { name: 'Send', exact: true }).click()
    const reply = owner.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()
    await expect(reply).toContainText('Yes, Saturday at 11 works.')
    await expect(reply).toContainText('Sent')

    await expect(unreadBadge(hunter)).toHaveText(/^1/)
    await hunter.goto('/messages')
    await hunter.getByRole('link', { name: new RegExp(landlord.listingName) }).click()
    const hunterThread = hunter.getByRole('list', { name: 'Messages' }).getByRole('listitem')
    await expect(hunterThread).toHaveCount(2)
    await expect(hunterThread.nth(0)).toContainText('You')
    await expect(hunterThread.nth(1)).toContainText(landlord.account.name)
    await expect(hunterThread.nth(1)).toContainText('Yes, Saturday at 11 works.')
    await expect(unreadBadge(hunter)).toHaveCount(0)

    await owner.reload()
    await expect(owner.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()).toContainText(
      'Read',
    )
    await hunter.context().close()
    await owner.context().close()
  })

  test('written offline, a message waits, then is sent exactly once and in order (twice over)', async ({
    browser,
  }) => {
    const landlord = await newLandlord('landlord-off')
    const hunterAccount = newAccount('hunter-off')
    await accountViaApi(hunterAccount)
    const hunter = await signedInPage(browser, hunterAccount)
    const hunterClient = await clientOf(hunterAccount.email, hunterAccount.password)

    await hunter.goto(contactUrl(landlord))
    await hunter.getByRole('textbox', { name: 'Message' }).fill('First, online')
    await hunter.getByRole('button', { name: 'Send in Roost' }).click()
    // On Messages first: the contact page links to the listing by the same name.
    await expect(hunter.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    await hunter.getByRole('link', { name: new RegExp(landlord.listingName) }).click()
    await expect(hunter.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(1)

    const expected = ['First, online']
    for (const round of [1, 2]) {
      await hunter.context().setOffline(true)
      for (const n of [1, 2]) {
        const text = `Round ${round}, message ${n}, written offline`
        expected.push(text)
        await hunter.getByRole('textbox', { name: 'Message' }).fill(text)
        await hunter.getByRole('button', { name: 'Send', exact: true }).click()
        await expect(
          hunter.getByRole('listitem').filter({ hasText: text }).getByText('Waiting to send'),
        ).toBeVisible()
      }
      expect(await serverBodies(hunterClient)).toEqual(expected.slice(0, -2))
      await hunter.context().setOffline(false)
      await expect.poll(() => serverBodies(hunterClient), { timeout: 20_000 }).toEqual(expected)
      await expect(hunter.getByText('Waiting to send')).toHaveCount(0)
      const items = hunter.getByRole('list', { name: 'Messages' }).getByRole('listitem')
      await expect(items).toHaveCount(expected.length)
      for (const [i, text] of expected.entries()) await expect(items.nth(i)).toContainText(text)
    }
    // Reconnecting again sends nothing more.
    await hunter.context().setOffline(true)
    await hunter.context().setOffline(false)
    await hunter.reload()
    await expect(hunter.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(
      expected.length,
    )
    expect(await serverBodies(hunterClient)).toEqual(expected)
    await hunter.context().close()
  })

  test('a landlord who deletes their account leaves the conversation, shown as from Deleted user', async ({
    browser,
  }) => {
    const landlord = await newLandlord('leaving')
    const hunterAccount = newAccount('stays')
    await accountViaApi(hunterAccount)
    const hunterClient = await clientOf(hunterAccount.email, hunterAccount.password)
    const enquiry = await hunterClient.rpc('send_enquiry', {
      listing_id: landlord.listingId,
      message_id: crypto.randomUUID(),
      body: 'Is the flat still free?',
    })
    expect(enquiry.error).toBeNull()

    // The hunter has the conversation open when the landlord leaves.
    const hunter = await signedInPage(browser, hunterAccount)
    await hunter.goto('/messages')
    await hunter.getByRole('link', { name: new RegExp(landlord.listingName) }).click()
    await expect(hunter.getByText('Is the flat still free?')).toBeVisible()
    const deleted = await landlord.client.functions.invoke('delete-account', {
      body: { password: landlord.account.password },
    })
    expect(deleted.error).toBeNull()

    // A reply is refused in words, kept as Not sent, and the box closes; what was said stays readable.
    await hunter.getByRole('textbox', { name: 'Message' }).fill('Hello? Are you there?')
    await hunter.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(hunter.getByRole('status').filter({ hasText: 'This person has left Roost' })).toHaveText(
      'This person has left Roost',
    )
    await expect(hunter.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    await expect(hunter.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0)
    await expect(
      hunter.getByRole('listitem').filter({ hasText: 'Hello? Are you there?' }).getByText('Not sent'),
    ).toBeVisible()
    await expect(hunter.getByText('Is the flat still free?')).toBeVisible()

    await hunter.goto('/messages')
    const list = hunter.getByRole('main')
    await expect(list.getByText('Deleted user', { exact: false })).toBeVisible()
    await expect(list).not.toContainText(landlord.account.name)
    await list.getByRole('link').filter({ hasText: 'Deleted user' }).first().click()
    await expect(hunter.getByText('With Deleted user')).toBeVisible()
    await expect(hunter.getByText('Is the flat still free?')).toBeVisible()
    // Opened afresh, the conversation says so at once, with no box to write in.
    await expect(hunter.getByRole('status').filter({ hasText: 'This person has left Roost' })).toBeVisible()
    await expect(hunter.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    await hunter.context().close()
  })

  test('the list shows the newest read of the conversations, whichever answer arrives last', async ({
    browser,
  }) => {
    const landlord = await newLandlord('landlord-race')
    const hunterAccount = newAccount('hunter-race')
    await accountViaApi(hunterAccount)
    const hunter = await signedInPage(browser, hunterAccount)
    await hunter.goto(contactUrl(landlord))
    await hunter.getByRole('textbox', { name: 'Message' }).fill('Is it still free?')

    // The list's first read, asked as the screen opens (before the enquiry is sent), answers only after the
    // read asked once the enquiry was sent: its older answer (no conversations) must not replace the newer.
    let firstRead: (() => void) | undefined
    const firstReadAnswered = new Promise<void>((resolve) => {
      firstRead = resolve
    })
    let reads = 0
    await hunter.route('**/rest/v1/rpc/my_conversations*', async (route) => {
      reads += 1
      if (reads === 1) {
        const response = await route.fetch({ headers: route.request().headers() })
        // Held until a later read has been answered.
        await expect.poll(() => reads, { timeout: 20_000 }).toBeGreaterThan(1)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        await route.fulfill({ response })
        firstRead?.()
        return
      }
      await route.continue()
    })
    // The enquiry reaches the server only once the first read was asked, so that read cannot see it.
    await hunter.route('**/rest/v1/rpc/send_enquiry', async (route) => {
      await expect.poll(() => reads, { timeout: 20_000 }).toBeGreaterThan(0)
      await route.continue()
    })
    await hunter.getByRole('button', { name: 'Send in Roost' }).click()
    await firstReadAnswered
    await expect(hunter.getByRole('link', { name: new RegExp(landlord.listingName) })).toContainText(
      'You: Is it still free?',
    )
    await expect(hunter.getByText('No messages yet', { exact: false })).toHaveCount(0)
    await hunter.context().close()
  })

  test("a visitor's message survives signing in", async ({ page }) => {
    const landlord = await newLandlord('landlord-visit')
    const visitor = newAccount('visitor')
    await accountViaApi(visitor)
    await page.goto(contactUrl(landlord))
    const text = 'Hi! Is the flat pet friendly? I have a small cat.'
    await page.getByRole('textbox', { name: 'Message' }).fill(text)
    await page.getByRole('button', { name: 'Send in Roost' }).click()
    await fillSignIn(page, visitor.email, visitor.password)
    await expect(
      page.getByRole('heading', { level: 1, name: `Contact ${landlord.account.name}` }),
    ).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(text)
    await page.getByRole('button', { name: 'Send in Roost' }).click()
    await expect(page.getByRole('link', { name: new RegExp(landlord.listingName) })).toContainText(
      `You: ${text}`,
    )
  })

  test('Show my email to visitors, switched off, removes the mail link and the email', async ({
    browser,
    page,
  }) => {
    const landlord = await newLandlord('landlord-hide')
    await page.goto(contactUrl(landlord))
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello')
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${landlord.account.email}`),
    )

    const owner = await signedInPage(browser, landlord.account)
    const setting = owner.getByRole('checkbox', { name: 'Show my email to visitors' })
    await expect(setting).toBeChecked()
    await expect(setting).toBeEnabled()
    await setting.uncheck()
    await expect(setting).not.toBeChecked()
    // The box shows the choice at once and is disabled until the server has it: a reload before then would
    // cancel the save.
    await expect(setting).toBeEnabled()
    await owner.reload()
    await expect(owner.getByRole('checkbox', { name: 'Show my email to visitors' })).not.toBeChecked()

    await page.reload()
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello')
    await expect(page.getByRole('button', { name: 'Send in Roost' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0)
    expect(await page.content()).not.toContain(landlord.account.email)
    await owner.context().close()
  })
})
