import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { setModeratorRole } from '@roost/local-supabase/cli/moderator-role'
import { loadConfig } from '@roost/local-supabase/config'
import { publishThroughApi } from './account-publish'
import {
  type Account,
  E2E_API_URL,
  logoutUnasked,
  newAccount,
  restGet,
  signIn,
  toast,
} from './support/accounts'
import { apiClientFrom, establishReporters } from './support/reporters'
import { ONLINE_ONLY } from './support/service-worker'
import { apiClient } from './support/stack'

test.use(ONLINE_ONLY)

/** A person who signed up through the API (quicker than the form, which other specs cover). */
async function signedUp(label: string, address?: string): Promise<Account> {
  const account = newAccount(label)
  const client = address ? apiClientFrom(address) : apiClient()
  const { error } = await client.auth.signUp({ email: account.email, password: account.password })
  if (error) throw error
  return account
}

/** A counted report (email confirmed, account two days old, an address of its own), sent as the page would. */
async function report(listingId: string, address: string): Promise<Account> {
  const reporter = await signedUp('moderation-reporter', address)
  await establishReporters([reporter.email])
  const client = apiClientFrom(address)
  await client.auth.signInWithPassword({ email: reporter.email, password: reporter.password })
  const { error } = await client
    .from('listing_reports')
    .insert({ listing_id: listingId, reason: 'Scam or fraud', note: 'Asks for a deposit by wire' })
  if (error) throw error
  return reporter
}

/** Made a moderator as `npm run moderator -- add <email>` does, through the Auth admin API. */
async function moderator(label: string): Promise<Account> {
  const account = await signedUp(label)
  await setModeratorRole({
    apiUrl: E2E_API_URL,
    serviceRoleKey: loadConfig().serviceRoleKey,
    email: account.email,
    command: 'add',
  })
  return account
}

async function as(page: Page, account: Account): Promise<void> {
  await signIn(page, account.email, account.password)
}

/** No serious or critical WCAG 2 A/AA violation on the screen as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
}

async function logout(page: Page): Promise<void> {
  await page.goto('/profile')
  await logoutUnasked(page)
}

test('three reports hide a listing; a moderator takes it down; reporter and landlord are told; the landlord appeals and another moderator keeps it listed; the audit shows it all', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const name = `Garden flat in Hackney ${Date.now().toString(36).slice(-4)}`
  const landlord = await signedUp('moderated-landlord')
  const { id: listingId } = await publishThroughApi(landlord, name)
  const reporters = []
  for (const address of ['127.0.0.71', '127.0.0.72', '127.0.0.73'])
    reporters.push(await report(listingId, address))
  expect(await restGet<unknown[]>(`listings?id=eq.${listingId}&select=id`)).toEqual([])
  const ada = await moderator('moderator-ada')
  const ben = await moderator('moderator-ben')

  // Someone without the role is told they cannot enter.
  await as(page, landlord)
  await page.goto('/moderation')
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only moderators can open the moderation console.' }),
  ).toBeVisible()
  await logout(page)

  // Ada takes it down, with a reason and a note.
  await as(page, ada)
  await page.goto('/moderation')
  const held = page.getByRole('article', { name })
  await expect(held.getByText('Hidden', { exact: true })).toBeVisible()
  await expect(held.getByRole('heading', { name: 'Reports (3)' })).toBeVisible()
  await expect(held.getByText('Asks for a deposit by wire').first()).toBeVisible()
  await expect(held.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(1)
  await expectAccessible(page)
  await held.getByRole('button', { name: 'Take down' }).click()
  await held.getByLabel('Reason').selectOption('Scam or fraud')
  await held.getByLabel('Note').fill('Deposit scam')
  await held.getByRole('button', { name: 'Confirm take down' }).click()
  await expect(toast(page, `"${name}" was taken down.`)).toBeVisible()
  await expect(held).toHaveCount(0)
  await logout(page)

  // Its photo is gone from Storage.
  const photos = await fetch(
    `${E2E_API_URL}/storage/v1/object/public/listing-images/${await landlordFolder(landlord)}/${listingId}/0.jpg`,
  )
  expect(photos.ok).toBe(false)

  // The reporter reads the outcome in Messages.
  const [firstReporter] = reporters
  if (!firstReporter) throw new Error('no reporter')
  await as(page, firstReporter)
  await page.goto('/messages')
  await expect(page.getByText(`We reviewed your report about "${name}": it was taken down.`)).toBeVisible()
  await logout(page)

  // The landlord reads what was decided and why, and asks for a review.
  await as(page, landlord)
  const decisions = page.getByRole('region', { name: 'Decisions about your listings' })
  await expect(decisions.getByText(`"${name}" was taken down: Scam or fraud. Deposit scam`)).toBeVisible()
  await decisions.getByRole('button', { name: 'Ask for a review' }).click()
  await decisions.getByLabel('Why should we look again?').fill('It is a real flat: I can show the deeds.')
  await decisions.getByRole('button', { name: 'Send' }).click()
  await expect(toast(page, 'We will review it again. A different moderator decides.')).toBeVisible()
  await expect(decisions.getByText('Review asked: another moderator will look at it.')).toBeVisible()
  await expect(decisions.getByRole('button', { name: 'Ask for a review' })).toHaveCount(0)
  await page.goto('/messages')
  await expect(
    page.getByText(`Your listing "${name}" was taken down: Scam or fraud. Deposit scam`),
  ).toBeVisible()
  await logout(page)

  // Ada cannot decide the appeal of her own decision.
  await as(page, ada)
  await page.goto('/moderation')
  const appeal = page.getByRole('article', { name })
  await expect(appeal.getByRole('heading', { name: 'Appeal' })).toBeVisible()
  await expect(appeal.getByText('The landlord says: It is a real flat: I can show the deeds.')).toBeVisible()
  await expect(
    appeal.getByText('You made the decision under appeal: another moderator decides it.'),
  ).toBeVisible()
  await expect(appeal.getByRole('button', { name: 'Keep listed' })).toHaveCount(0)
  await logout(page)

  // Ben keeps it listed: it shows again.
  await as(page, ben)
  await page.goto('/moderation')
  await page.getByRole('article', { name }).getByRole('button', { name: 'Keep listed' }).click()
  await expect(toast(page, `"${name}" stays listed.`)).toBeVisible()
  expect(await restGet<unknown[]>(`listings?id=eq.${listingId}&select=id`)).toHaveLength(1)

  // The audit shows all of it: who, what, on what, why.
  await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Audit' }).click()
  const rows = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: name })
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText(ben.email)
  await expect(rows.nth(0)).toContainText('Kept listed')
  await expect(rows.nth(1)).toContainText(landlord.email)
  await expect(rows.nth(1)).toContainText('Review asked')
  await expect(rows.nth(1)).toContainText('It is a real flat: I can show the deeds.')
  await expect(rows.nth(2)).toContainText(ada.email)
  await expect(rows.nth(2)).toContainText('Taken down')
  await expect(rows.nth(2)).toContainText('Scam or fraud — Deposit scam')
  await expect(
    page
      .getByRole('table', { name: 'Audit trail' })
      .getByRole('row')
      .filter({ hasText: ben.email })
      .filter({ hasText: 'Made a moderator' }),
  ).toHaveCount(1)

  // Health: every queue and schedule, for moderators.
  await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Health' }).click()
  const queues = page.getByRole('table', { name: 'Queues' })
  for (const queue of ['alert_deliveries', 'message_pushes', 'saved_home_pushes', 'message_emails'])
    await expect(queues.getByRole('rowheader', { name: new RegExp(`^${queue}`) })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Scheduled functions' }).getByRole('rowheader')).toHaveCount(3)
  await expectAccessible(page)
})

async function landlordFolder(landlord: Account): Promise<string> {
  const client = apiClient()
  const { data, error } = await client.auth.signInWithPassword({
    email: landlord.email,
    password: landlord.password,
  })
  if (error || !data.user) throw error ?? new Error('no user')
  return data.user.id
}
