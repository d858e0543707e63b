// The service worker's Web Push handlers. The generated worker (vite-plugin-pwa's generateSW) loads them with
// importScripts from push-worker.js, which vite.config.ts builds from src/pwa/push-worker-entry.ts: one worker.

/** What the sender (supabase/functions/send-alerts) puts in a push: shown as it is, opened on a tap. */
export type PushMessage = { title: string; body: string; url: string; tag: string }

/** Where a notification without a usable address opens: the saved searches. */
export const FALLBACK_URL = '/saved?view=searches'
const FALLBACK_TITLE = 'New homes on Roost'

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

/**
 * An address of this app to open, from the push's `url`: only a path on this origin (`/search?…`), so a
 * message can never send the person elsewhere.
 */
export function appUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\'))
    return new URL(FALLBACK_URL, origin).href
  const target = new URL(url, origin)
  return target.origin === origin ? target.href : new URL(FALLBACK_URL, origin).href
}

/** The push's payload, or a plain "new homes" message when it is missing or is not the JSON the sender sends. */
export function readPushMessage(data: { json(): unknown } | null, origin: string): PushMessage {
  let raw: Record<string, unknown> = {}
  try {
    const parsed = data?.json()
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>
  } catch {
    // Not JSON: the plain message below.
  }
  return {
    title: text(raw.title, 200) || FALLBACK_TITLE,
    body: text(raw.body, 500),
    url: appUrl(raw.url, origin),
    tag: text(raw.tag, 100) || 'roost-alert',
  }
}

/** Keeps the worker alive for `work`; an event the worker dispatched itself cannot be extended, so it just runs. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work)
  } catch {
    void work
  }
}

/** Focuses a window already showing `url`, else brings one of the app's windows there, else opens one. */
async function openApp(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const showing = windows.find((client) => client.url === url)
  if (showing) {
    await showing.focus()
    return
  }
  for (const client of windows) {
    try {
      const moved = await client.navigate(url)
      if (moved) {
        await moved.focus()
        return
      }
    } catch {
      // Not controlled by this worker: try the next window, or open one.
    }
  }
  await scope.clients.openWindow(url)
}

/** Shows each push as a notification, and opens (or focuses) its address when the person taps it. */
export function installPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const message = readPushMessage(event.data, scope.location.origin)
    keepAlive(
      event,
      scope.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        data: { url: message.url },
        icon: '/icons/icon-192.png',
        badge: '/favicon-32.png',
        lang: 'en',
      }),
    )
  })
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    keepAlive(event, openApp(scope, appUrl(data?.url, scope.location.origin)))
  })
}
