import { type Browser, expect, type Page, test } from '@playwright/test'
import { type Account, fillSignIn } from './support/accounts'
import { type Person, personViaApi, publishHome } from './support/saved-searches'

/**
 * A shared shortlist is live: with Alex's Saved screen open in one browser, what Sam does in another (a note,
 * a 👍, a home added, a home removed) shows there without a reload.
 */

async function savedPage(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto('/sign-in')
  await fillSignIn(page, account.email, account.password)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
  await page.goto('/saved')
  return page
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

let landlord: Person
const homes: { id: string; name: string }[] = []

test.beforeAll(async () => {
  landlord = await personViaApi('live-shortlist-landlord')
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

test('a partner’s note, vote and homes reach the open Saved screen without a reload', async ({ browser }) => {
  test.setTimeout(120_000)
  const suffix = Math.random().toString(36).slice(2, 7)
  for (const name of [`Mews house ${suffix}`, `Canal flat ${suffix}`]) {
    const id = await publishHome(landlord.client, {
      name,
      location: '3 Mews Lane, Hackney',
      price: 1700,
      bedrooms: 2,
    })
    homes.push({ id, name })
  }
  const [mews, canal] = homes.slice(-2) as [{ id: string; name: string }, { id: string; name: string }]
  const alex = await personViaApi('live-alex')
  const sam = await personViaApi('live-sam')
  const saved = await alex.client.from('saved_listings').insert({ listing_id: mews.id })
  if (saved.error) throw saved.error
  const invited = await alex.client.rpc('create_shortlist_invitation')
  if (invited.error) throw invited.error
  const { token } = (invited.data as { token: string }[])[0] as { token: string }
  const joined = await sam.client.rpc('accept_shortlist_invitation', { token })
  if (joined.error) throw joined.error

  const alexPage = await savedPage(browser, alex.account)
  const samPage = await savedPage(browser, sam.account)
  await expect(card(alexPage, mews.name)).toBeVisible()
  await expect(alexPage.getByText(`Shared with ${sam.account.name}`)).toBeVisible()

  // Sam writes a note and a 👍 in their own browser: Alex's open screen shows them.
  const mewsOnSam = card(samPage, mews.name)
  await mewsOnSam.getByRole('button', { name: 'Add a note' }).click()
  await mewsOnSam.getByLabel('Your note').fill('quiet street')
  await mewsOnSam.getByRole('button', { name: 'Save note' }).click()
  await expect(card(alexPage, mews.name).getByText(`${sam.account.name}: quiet street`)).toBeVisible({
    timeout: 10_000,
  })
  await mewsOnSam.getByRole('button', { name: 'Thumbs up' }).click()
  await expect(card(alexPage, mews.name).getByText(`${sam.account.name}: quiet street 👍`)).toBeVisible({
    timeout: 10_000,
  })

  // Sam saves another home: it appears for Alex, added by Sam; Sam removes it: it goes.
  const added = await sam.client.from('saved_listings').insert({ listing_id: canal.id })
  if (added.error) throw added.error
  await expect(card(alexPage, canal.name).getByText(`Added by ${sam.account.name}`)).toBeVisible({
    timeout: 10_000,
  })
  const removed = await sam.client.from('shortlist_homes').delete().eq('listing_id', canal.id)
  if (removed.error) throw removed.error
  await expect(card(alexPage, canal.name)).toHaveCount(0, { timeout: 10_000 })
  await alexPage.context().close()
  await samPage.context().close()
})
