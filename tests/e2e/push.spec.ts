import { createECDH, randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { newAccount, signUp } from './support/accounts'
import {
  clientOf,
  openSavedSearches,
  publishHome,
  savedSearchItem,
  serverSavedSearches,
  uniqueWord,
} from './support/saved-searches'
import { waitForServiceWorker } from './support/service-worker'

// Web Push reaches a phone through the browser maker's push service, a third party that a headless browser
// here cannot reach. So: subscribing uses a stand-in PushManager in the page (it answers as a push service's
// subscription would, with real P-256 keys), and the browser's permission prompt (its own chrome, which
// a headless browser never shows) answers "allow". Pushes are delivered to the real service worker with the
// DevTools protocol (ServiceWorker.deliverPushMessage), and the notification it shows is read back from the
// browser. A notification's tap is dispatched to the worker as the browser would dispatch it.

type StandIn = { asked: number; subscribedWith: number[] | null }

/** The stand-in push service's subscription and permission prompt, recording what the app asked of them. */
async function standInPushService(page: Page, endpoint: string): Promise<{ p256dh: string; auth: string }> {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const standIn: StandIn = { asked: 0, subscribedWith: null }
      ;(window as unknown as { pushStandIn: StandIn }).pushStandIn = standIn
      let permission: NotificationPermission = 'default'
      Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true })
      Notification.requestPermission = async () => {
        standIn.asked++
        permission = 'granted'
        return permission
      }
      let subscription: PushSubscription | null = null
      PushManager.prototype.getSubscription = async () => subscription
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey
        standIn.subscribedWith = key instanceof Uint8Array ? [...key] : null
        subscription = {
          endpoint,
          toJSON: () => ({ endpoint, keys }),
        } as unknown as PushSubscription
        return subscription
      }
    },
    { endpoint, keys },
  )
  return keys
}

const standIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { pushStandIn: StandIn }).pushStandIn)

test('choosing Instant is what asks for notifications, and the subscription is kept on the server', async ({
  page,
}) => {
  const endpoint = `https://push.example.com/send/${uniqueWord('sub')}`
  const keys = await standInPushService(page, endpoint)
  const account = newAccount('push-sub')
  await signUp(page, account)
  await page.goto('/search?type=rent&q=Hackney')
  await page.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved as “Rent · Hackney”' })).toBeVisible()
  await openSavedSearches(page)
  const item = savedSearchItem(page, 'Rent · Hackney')
  await expect(item).toBeVisible()
  // Never asked on load, nor by saving a search.
  expect((await standIn(page)).asked).toBe(0)

  await item.getByRole('button', { name: 'Instant' }).click()
  await expect(item.getByRole('button', { name: 'Instant', pressed: true })).toBeVisible()
  await expect.poll(async () => (await standIn(page)).asked).toBe(1)
  // Subscribed (once the service worker is ready) with the VAPID public key the app was built with: an
  // uncompressed P-256 point.
  await expect.poll(async () => (await standIn(page)).subscribedWith?.length, { timeout: 20_000 }).toBe(65)
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
  const origin = new URL(baseURL ?? '').origin
  await context.grantPermissions(['notifications'], { origin })
  const account = newAccount('push-show')
  await signUp(page, account)
  await waitForServiceWorker(page)
  const word = uniqueWord('Zp')
  await page.goto(`/search?type=rent&q=${word}`)
  await page.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Saved as “Rent · ${word}”` })).toBeVisible()
  const server = await clientOf(account.email, account.password)
  await expect.poll(async () => (await serverSavedSearches(server)).length).toBe(1)
  const [saved] = await serverSavedSearches(server)
  const homeName = `${word} loft`.slice(0, 32)
  await publishHome(await clientOf('chloe@example.com'), {
    name: homeName,
    location: 'Hackney, London',
    price: 1700,
    bedrooms: 2,
  })

  // The push as the sender writes it (the contract's payload), delivered to the real service worker.
  const url = `/search?type=rent&q=${word}&from=${saved?.id}`
  const payload = {
    title: `1 new home · Rent · ${word}`,
    body: homeName,
    url,
    tag: `saved-search-${saved?.id}`,
  }
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  })

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      }))
    })
  await expect.poll(shown).toEqual([{ ...payload, url: `${origin}${url}` }])

  // Elsewhere in the app when the person taps it.
  await page.goto('/profile')
  const [worker] = context.serviceWorkers()
  if (!worker) throw new Error('no service worker')
  await worker.evaluate(async () => {
    // The worker's own types (WebWorker's lib) are not the test runner's: named here as far as used.
    type Scope = {
      registration: { getNotifications(): Promise<unknown[]> }
      dispatchEvent(event: Event): boolean
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event
    }
    const scope = self as unknown as Scope
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('no notification')
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
  })
  await expect(page).toHaveURL(`${origin}${url}`)
  const first = page.getByRole('main').getByRole('listitem').first()
  await expect(first).toContainText(homeName)
  await expect(first.getByText('New', { exact: true })).toBeVisible()
  await expect.poll(shown).toEqual([])
})
