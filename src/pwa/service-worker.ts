import { registerSW } from 'virtual:pwa-register'
import { firstScreen } from '../lib/first-screen-shown'

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000

let updateWaiting = false
let applyUpdate: ((reload?: boolean) => Promise<void>) | undefined
let registered: ServiceWorkerRegistration | undefined
/** The waiting version last offered: Later hides it until another version waits. */
let offered: ServiceWorker | undefined
const listeners = new Set<() => void>()

/** Whether a new version is installed and waiting for the user to accept it. */
export const isUpdateWaiting = () => updateWaiting

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Activates the waiting version; the page reloads once it controls it. */
export function acceptUpdate(): void {
  void applyUpdate?.(true)
}

/** Hides the prompt until the next new version. */
export function dismissUpdate(): void {
  updateWaiting = false
  for (const listener of listeners) listener()
}

/**
 * Registers the service worker (production builds) and watches for new versions, once the page has loaded
 * and its first screen is shown with its photos: installing it downloads the whole app for offline use,
 * which must not compete with a first visit's first screen on a slow network (nor must workbox-window's
 * script).
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  void loaded.then(() => firstScreen.shown()).then(register)
}

function register(): void {
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh() {
      // workbox-window can say so twice for one version (installed, then waiting 200 ms later, when the update
      // was found by a check of its own): once offered, a version is not offered again, even after Later.
      const waiting = registered?.waiting ?? undefined
      if (waiting && waiting === offered) return
      offered = waiting
      updateWaiting = true
      for (const listener of listeners) listener()
    },
    onRegisteredSW(swUrl, registration) {
      if (!registration) return
      registered = registration
      const check = async () => {
        if (!navigator.onLine || registration.installing) return
        // Skip the check when the server cannot be reached, rather than let update() reject.
        const response = await fetch(swUrl, { cache: 'no-store' }).catch(() => null)
        if (response?.ok) await registration.update().catch(() => undefined)
      }
      window.setInterval(check, UPDATE_CHECK_MS)
      // Installed apps resume rather than reload: look for a new version when they come back to the front.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void check()
      })
    },
  })
}
