import { expect, test } from '@playwright/test'
import { requestFrom } from '../integration/support/http-from'
import { publishThroughApi } from './account-publish'
import { newAccount, restGet, signUp, toast } from './support/accounts'
import { storedDrafts } from './support/drafts'
import { ONLINE_ONLY } from './support/service-worker'
import { ANON_KEY, API_URL, apiClient, SESSION_KEY } from './support/stack'

test.use(ONLINE_ONLY)

test.describe('your data on the profile', () => {
  test('Download my data saves roost-data-<date>.json with the account’s data from the server, once a minute', async ({
    page,
  }) => {
    const account = newAccount('export')
    await signUp(page, account)
    const listing = await publishThroughApi(account, 'Exported garden flat')
    await page.goto('/profile')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`roost-data-${new Date().toISOString().slice(0, 10)}.json`)
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      profile: { email: string; name: string }
      listings: { id: string; name: string; image_urls: string[] }[]
    }
    expect(data.profile).toMatchObject({ email: account.email, name: account.name })
    expect(data.listings.map((l) => [l.id, l.name])).toEqual([[listing.id, 'Exported garden flat']])
    expect(data.listings[0]?.image_urls[0]).toContain('/storage/v1/object/public/listing-images/')

    // Once a minute per account: a second download at once is refused, and the app says so.
    await page.getByRole('button', { name: 'Download my data' }).click()
    await expect(
      toast(page, 'You can download your data once a minute. Please try again shortly.'),
    ).toBeVisible()
  })

  test('Delete my account names what goes, asks for the password, erases it, and the device forgets it', async ({
    page,
  }) => {
    const account = newAccount('delete')
    await signUp(page, account)
    const { id: listingId } = await publishThroughApi(account, 'Soon gone studio')
    await page.goto('/profile')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete my account' })
    await expect(dialog).toContainText(
      'Delete your account, your 1 listings and their photos? This cannot be undone.',
    )
    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Delete my account' }).click()
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog).toContainText('That password is not right. Please try again.')
    expect(await restGet<unknown[]>(`listings?id=eq.${listingId}&select=id`)).toHaveLength(1)

    await dialog.getByLabel('Password', { exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(toast(page, 'Your account was deleted.')).toBeVisible()

    // The server has nothing of it: the listing, its photos' folder, the sign-in.
    expect(await restGet<unknown[]>(`listings?id=eq.${listingId}&select=id`)).toEqual([])
    const signIn = await apiClient().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    })
    expect(signIn.error).not.toBeNull()
    // The device forgot it: no session, no drafts, no stored listings.
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull()
    expect(await storedDrafts(page)).toEqual([])
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  })

  test('Delete my account after 5 wrong passwords for the account says to try again in an hour', async ({
    page,
  }) => {
    const account = newAccount('guessed')
    await signUp(page, account)
    // Someone holding the account's token guesses its password 5 times, from another address (127.0.0.2): the
    // account's tries are spent, wherever its owner then calls from.
    const { data } = await apiClient().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    })
    for (let i = 0; i < 5; i++) {
      const guess = await requestFrom('127.0.0.2', `${API_URL}/functions/v1/delete-account`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${data.session?.access_token}`,
          apikey: ANON_KEY,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ password: `guess-${i}` }),
      })
      expect(guess.status).toBe(403)
    }

    await page.goto('/profile')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete my account' })
    await dialog.getByLabel('Password', { exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog).toContainText('Too many tries: try again in an hour')
    expect(
      (await apiClient().auth.signInWithPassword({ email: account.email, password: account.password })).error,
    ).toBeNull()
  })
})
