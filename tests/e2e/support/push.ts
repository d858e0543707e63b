import { createECDH, randomBytes } from 'node:crypto'
import { type BrowserContext, expect, type Page } from '@playwright/test'

// Web Push reaches a phone through the browser maker's push service, a third party that a headless browser
// here cannot reach. So: subscribing uses a stand-in PushManager in the page (it answers as a push service's
// subscription would, with real P-256 keys), and the browser's permission prompt (its own chrome, which
// a headless browser never shows) answers "allow". Pushes are delivered to the real service worker with the
// DevTools protocol (ServiceWorker.deliverPushMessage), and the notification it shows is read back from the
// browser. A notification's tap is dispatched to the worker as the browser would dispatch it.

export type PushKeys = { p256dh: string; auth: string }
type StandIn = { asked: number; subscribedWith: number[] | null }

/**
 * The page's PushManager and permission prompt, standing in for the browser's: subscribing answers with
 * `endpoint` and `keys` (fresh ones unless given), and records what the app asked of them.
 */
export async function standInPushManager(page: Page, endpoint: string, given?: PushKeys): Promise<PushKeys> {
  const keys = given ?? freshKeys()
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const standIn: StandIn = { asked: 0, subscribedWith: null }
      ;(window as unknown as { pushStandIn: StandIn }).pushStandIn = standIn
      let permission: NotificationPermission = 'default'
      Object.defineProperty(Notification, 'permission', {
        get: () => permission,
        configurable: true,
      })
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

function freshKeys(): PushKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
}

/** What the app has asked of the stand-in so far. */
export const standIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { pushStandIn: StandIn }).pushStandIn)

/** What DevTools said of the page's service worker when a push was delivered to it. */
export type Delivery = {
  registrationId: string
  /** The registrations DevTools listed for the page's storage: scope, deleted or not. */
  registrations: { id: string; scope: string; deleted: boolean }[]
  /** Each version of the delivered-to registration: its status and whether it was running. */
  versions: { id: string; status: string; running: string }[]
}

/**
 * Delivers `data` to the page's service worker as its push service would: to the registration of the page's
 * scope that is not being removed and has an activated version (not merely the first one DevTools names).
 * `stopped: true` stops that worker first, so the push has to start it, as a push to a phone whose app is
 * closed does (and as happens to a test that waited long enough for the browser to stop an idle worker).
 */
export async function deliverPush(
  context: BrowserContext,
  page: Page,
  data: string,
  options: { stopped?: boolean } = {},
): Promise<Delivery> {
  const origin = new URL(page.url()).origin
  const scope = `${origin}/`
  const cdp = await context.newCDPSession(page)
  const registrations = new Map<string, { scope: string; deleted: boolean }>()
  const versions = new Map<string, { registrationId: string; status: string; running: string }>()
  let changed: () => void = () => undefined
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) {
      registrations.set(r.registrationId, {
        scope: r.scopeURL,
        deleted: r.isDeleted,
      })
    }
    changed()
  })
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const v of event.versions) {
      versions.set(v.versionId, {
        registrationId: v.registrationId,
        status: v.status,
        running: v.runningStatus,
      })
    }
    changed()
  })
  const activeRegistration = () =>
    [...registrations].find(
      ([id, r]) =>
        r.scope === scope &&
        !r.deleted &&
        [...versions.values()].some((v) => v.registrationId === id && v.status === 'activated'),
    )?.[0]
  try {
    await cdp.send('ServiceWorker.enable')
    const registrationId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no activated service worker for ${scope}: ${JSON.stringify([...registrations])}`),
          ),
        10_000,
      )
      changed = () => {
        const id = activeRegistration()
        if (id === undefined) return
        clearTimeout(timer)
        resolve(id)
      }
      changed()
    })
    if (options.stopped) {
      const active = [...versions].find(
        ([, v]) => v.registrationId === registrationId && v.status === 'activated',
      )
      if (active) {
        const stopped = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the service worker did not stop')), 10_000)
          changed = () => {
            if (versions.get(active[0])?.running !== 'stopped') return
            clearTimeout(timer)
            resolve()
          }
        })
        await cdp.send('ServiceWorker.stopWorker', { versionId: active[0] })
        await stopped
      }
    }
    const delivery: Delivery = {
      registrationId,
      registrations: [...registrations].map(([id, r]) => ({ id, ...r })),
      versions: [...versions]
        .filter(([, v]) => v.registrationId === registrationId)
        .map(([id, v]) => ({ id, status: v.status, running: v.running })),
    }
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data,
    })
    return delivery
  } finally {
    await cdp.send('ServiceWorker.disable').catch(() => undefined)
    await cdp.detach().catch(() => undefined)
  }
}

/**
 * Counts, in the service worker, the notifications it has finished showing (`self.notificationsShown`), so a test
 * can wait for them before it reads them: Chromium's `getNotifications()` deletes every stored notification its
 * display does not list yet, so a read while a push is still being shown loses that notification for good (as
 * happened to these specs on a loaded runner). The count is added to the worker's push handlers as the browser
 * fetches them, before the worker is installed; a worker started again by a push counts from 0.
 * Call before the page's first visit.
 */
export async function countShownNotifications(context: BrowserContext): Promise<void> {
  await context.route('**/push-worker.js', async (route) => {
    const response = await route.fetch()
    const counting = `
;(() => {
  const registration = self.registration
  const show = registration.showNotification.bind(registration)
  self.notificationsShown = 0
  registration.showNotification = (...args) =>
    show(...args).finally(() => {
      self.notificationsShown++
    })
})()`
    await route.fulfill({
      response,
      body: `${await response.text()}${counting}`,
    })
  })
}

/**
 * Waits until the running service worker has finished showing `count` notifications (see
 * countShownNotifications), so that reading them cannot lose one being shown.
 */
export async function waitForNotificationsShown(context: BrowserContext, count: number): Promise<void> {
  // Every worker of the context, not only the newest: the browser may have fetched a version to compare with the
  // active one (its push script without the count), and it is the active worker that shows the push.
  let seen: { url: string; shown: number | undefined }[] = []
  const shownByWorker = async () => {
    seen = await Promise.all(
      context.serviceWorkers().map(async (worker) => ({
        url: worker.url(),
        shown: await worker
          .evaluate(() => (self as unknown as { notificationsShown?: number }).notificationsShown ?? -1)
          .catch(() => undefined),
      })),
    )
    return Math.max(-1, ...seen.map((w) => w.shown ?? -1))
  }
  // A stopped worker is started by the push first: allowed as long as the whole chain is.
  await expect
    .poll(shownByWorker, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nworkers (shown; -1 without the count): ${JSON.stringify(seen)}`)
    })
}

/** The notifications the service worker shows now: read once it has finished showing them. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }))
  })

/** Taps the first notification shown: its `notificationclick`, dispatched to the worker as the browser would. */
export async function tapNotification(context: BrowserContext): Promise<void> {
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
}
