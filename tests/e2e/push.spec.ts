import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import { startPushService } from '../integration/support/push-service'
import { newAccount } from './support/accounts'
import {
  countShownNotifications,
  deliverPush,
  shownNotifications,
  standIn,
  standInPushManager,
  tapNotification,
  waitForNotificationsShown,
} from './support/push'
import {
  accountViaApi,
  clientOf,
  newSignedInAccount,
  openSavedSearches,
  publishHome,
  savedSearchItem,
  serverSavedSearches,
  uniqueWord,
} from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'
import { API_URL } from './support/stack'

// Each test walks several screens, with the service worker and the server in the loop: thrice the usual time.
test.slow()

/**
 * A new account, with notifications allowed for the app, that saves a rent search for a word of its own
 * (`prefix` and a unique part); the service worker is ready first, so a push can reach it. Gives the
 * account, the word and the app's origin.
 */
async function saveRentSearchAllowingNotifications(
  page: Page,
  context: BrowserContext,
  baseURL: string | undefined,
  label: string,
  prefix: string,
) {
  const origin = new URL(baseURL ?? '').origin
  await context.grantPermissions(['notifications'], { origin })
  await countShownNotifications(context)
  const account = await newSignedInAccount(page, label)
  await waitForServiceWorker(page)
  const word = uniqueWord(prefix)
  await page.goto(`/search?type=rent&q=${word}`)
  // The old link's text is read as keywords (the URL replaced) before the search is saved.
  await expect(page.getByText(`Showing homes with "${word}" in their description`)).toBeVisible()
  await page.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Saved as “Rent · ${word}”` })).toBeVisible()
  return { account, word, origin }
}

test('choosing Instant is what asks for notifications, and the subscription is kept on the server', async ({
  page,
}) => {
  const endpoint = `https://push.example.com/send/${uniqueWord('sub')}`
  const keys = await standInPushManager(page, endpoint)
  const account = await newSignedInAccount(page, 'push-sub')
  await page.goto('/search?type=rent&q=Hackney')
  await expect(page.getByText('Showing homes in Hackney')).toBeVisible()
  await page.getByRole('button', { name: 'Save search' }).click()
  // Hackney is one place: the text is searched, and saved, as that place.
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved as “Rent · Hackney, London”' }),
  ).toBeVisible()
  await openSavedSearches(page)
  const item = savedSearchItem(page, 'Rent · Hackney, London')
  await expect(item).toBeVisible()
  // Never asked on load, nor by saving a search.
  expect((await standIn(page)).asked).toBe(0)

  await item.getByRole('button', { name: 'Instant' }).click()
  await expect(item.getByRole('button', { name: 'Instant', pressed: true })).toBeVisible()
  await expect.poll(async () => (await standIn(page)).asked).toBe(1)
  // Subscribed (once the service worker is ready) with the VAPID public key the app was built with: an
  // uncompressed P-256 point.
  await expect
    .poll(async () => (await standIn(page)).subscribedWith?.length, {
      timeout: 20_000,
    })
    .toBe(65)
  expect((await standIn(page)).subscribedWith?.[0]).toBe(4)

  const server = await clientOf(account.email, account.password)
  await expect
    .poll(async () => (await server.from('push_subscriptions').select('endpoint,p256dh,auth')).data)
    .toEqual([{ endpoint, ...keys }])
  await expect.poll(async () => (await serverSavedSearches(server))[0]?.alerts).toBe('instant')
  // Alerts can come as notifications: no "in the app only" line.
  await expect(page.getByText(/Alerts will show in the app only/)).toHaveCount(0)

  // Daily as well uses the same subscription, asking nothing again.
  await item.getByRole('button', { name: 'Daily' }).click()
  await expect.poll(async () => (await serverSavedSearches(server))[0]?.alerts).toBe('daily')
  expect((await standIn(page)).asked).toBe(1)
  expect((await server.from('push_subscriptions').select('endpoint')).data).toHaveLength(1)
})

test('a push shows its notification, and tapping it opens the saved search with the new home first', async ({
  page,
  context,
  baseURL,
}) => {
  const { account, word, origin } = await saveRentSearchAllowingNotifications(
    page,
    context,
    baseURL,
    'push-show',
    'Zp',
  )
  const server = await clientOf(account.email, account.password)
  await expect.poll(async () => (await serverSavedSearches(server)).length).toBe(1)
  const [saved] = await serverSavedSearches(server)
  const homeName = `${word} loft`.slice(0, 32)
  // A landlord of its own, so that repeated runs stay within a landlord's daily publishing limit.
  const landlord = newAccount('push-show-landlord')
  await accountViaApi(landlord)
  await publishHome(await clientOf(landlord.email, landlord.password), {
    name: homeName,
    location: 'Hackney, London',
    price: 1700,
    bedrooms: 2,
  })

  // The push as the sender writes it (the contract's payload), delivered to the real service worker.
  const url = `/search?keywords=${word}&type=rent&from=${saved?.id}`
  const payload = {
    title: `1 new home · Rent · ${word}`,
    body: homeName,
    url,
    tag: `saved-search-${saved?.id}`,
  }
  await deliverPush(context, page, JSON.stringify(payload))
  await waitForNotificationsShown(context, 1)

  const shown = () => shownNotifications(page)
  await expect.poll(shown).toEqual([{ ...payload, url: `${origin}${url}` }])

  // Elsewhere in the app when the person taps it.
  await page.goto('/profile')
  await tapNotification(context)
  await expect(page).toHaveURL(`${origin}${url}`)
  const first = page.getByRole('main').getByRole('listitem').first()
  await expect(first).toContainText(homeName)
  await expect(first.getByText('New', { exact: true })).toBeVisible()
  await expect.poll(shown).toEqual([])
})

test('the whole chain: a home published elsewhere reaches the phone as a notification through send-alerts and the push service', async ({
  page,
  context,
  baseURL,
}) => {
  // Only the browser maker's push service is stood in for: the test's own, on loopback, which checks the
  // VAPID signature and decrypts each message with the subscription's keys, as the real one relays it.
  const pushService = await startPushService()
  try {
    const subscription = pushService.createSubscription()
    await standInPushManager(page, subscription.endpoint, subscription.keys)
    const { account, word, origin } = await saveRentSearchAllowingNotifications(
      page,
      context,
      baseURL,
      'push-chain',
      'Zc',
    )
    const name = `Rent · ${word}`
    await openSavedSearches(page)
    const item = savedSearchItem(page, name)
    await item.getByRole('button', { name: 'Instant' }).click()
    const server = await clientOf(account.email, account.password)
    await expect
      .poll(async () => (await server.from('push_subscriptions').select('endpoint')).data, {
        timeout: 20_000,
      })
      .toEqual([{ endpoint: subscription.endpoint }])
    await expect.poll(async () => (await serverSavedSearches(server))[0]?.alerts).toBe('instant')
    const [saved] = await serverSavedSearches(server)

    // Another account publishes a matching home through the API, as its listing form would.
    const landlord = newAccount('push-chain-landlord')
    await accountViaApi(landlord)
    const homeName = `${word} flat`.slice(0, 32)
    await publishHome(await clientOf(landlord.email, landlord.password), {
      name: homeName,
      location: 'Hackney, London',
      price: 1650,
      bedrooms: 1,
    })
    // The stack calls send-alerts every minute, as pg_cron does on hosted; called now rather than waited for.
    const sent = await fetch(`${API_URL}/functions/v1/send-alerts`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ mode: 'instant' }),
    })
    expect(sent.status).toBe(200)
    const [received] = await pushService.waitForMessages(subscription.endpoint, 1, 60_000)
    // The search's parameters in the URL schema's order, as the sender writes them.
    // The typed word was saved as keywords.
    const url = `/search?keywords=${word}&type=rent&from=${saved?.id}`
    expect(received?.json).toMatchObject({
      title: `1 new home · ${name}`,
      body: homeName,
      url,
    })

    // What the push service relays, the phone's service worker shows; a tap opens the search, new home first.
    // The worker is stopped first, as on a phone whose app is closed: the push itself must start it.
    const delivered = Date.now()
    const delivery = await deliverPush(context, page, received?.text ?? '', {
      stopped: true,
    })
    await test.info().attach('push delivery', {
      body: JSON.stringify(delivery),
      contentType: 'application/json',
    })
    await waitForNotificationsShown(context, 1)
    await expect
      .poll(() => shownNotifications(page), { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({
          title: `1 new home · ${name}`,
          body: homeName,
          url: `${origin}${url}`,
        }),
      ])
    await test.info().attach('push shown after', { body: `${Date.now() - delivered} ms` })
    await page.goto('/profile')
    await tapNotification(context)
    await expect(page).toHaveURL(`${origin}${url}`)
    const first = page.getByRole('main').getByRole('listitem').first()
    await expect(first).toContainText(homeName)
    await expect(first.getByText('New', { exact: true })).toBeVisible()
  } finally {
    await pushService.close()
  }
})
