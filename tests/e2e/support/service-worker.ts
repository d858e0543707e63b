import { expect, type Locator, type Page } from '@playwright/test'

/**
 * For specs about the app online, which neither test nor need the service worker: `test.use(ONLINE_ONLY)`.
 * Without it each test's fresh context installs the worker, which downloads the whole app to precache it
 * (about a seventh of such a spec's time on 2 cores). Offline, installation, update and push specs keep it.
 */
export const ONLINE_ONLY = { serviceWorkers: 'block' } as const

/**
 * Waits until the service worker is activated and controls the page. In prompt mode the first visit is
 * not controlled (no clients.claim), so the page is reloaded once, as a returning visitor's would be.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const worker = registration.active
    if (!worker || worker.state === 'activated') return
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve()
      })
    })
  })
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** The URLs held in one Cache Storage cache of the page's origin. */
export function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name)
    return (await cache.keys()).map((request) => request.url)
  }, cacheName)
}

/** True once the image has loaded (drawn from the network or a cache), false if it failed. */
export async function imageLoaded(image: Locator): Promise<boolean> {
  await image.scrollIntoViewIfNeeded()
  return image.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await img.decode().catch(() => undefined)
    return img.naturalWidth > 0
  })
}
