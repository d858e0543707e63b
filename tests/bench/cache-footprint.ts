// What browsing leaves on the phone: after viewing a list and N listing pages with the service worker in
// control, the bytes in each Cache Storage cache, the listings kept in IndexedDB, and the origin's usage.
import { chromium } from '@playwright/test'

export type CacheFootprint = {
  listingsViewed: number
  caches: { name: string; entries: number; bytes: number }[]
  storedListings: number
  originUsageBytes: number
}

export async function benchCacheFootprint(opts: {
  appUrl: string
  listingPaths: string[]
  chromePath: string
}): Promise<CacheFootprint> {
  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ['--disable-dev-shm-usage'],
  })
  try {
    const context = await browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
    })
    const page = await context.newPage()
    await page.goto(`${opts.appUrl}/`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // registerType 'prompt': the worker controls pages from the next load on.
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
    await page.goto(`${opts.appUrl}/category/rent`)
    await page.waitForLoadState('networkidle')
    for (const path of opts.listingPaths) {
      await page.goto(`${opts.appUrl}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
    }
    return await page.evaluate(async (listingsViewed) => {
      const caches = []
      for (const name of await globalThis.caches.keys()) {
        const cache = await globalThis.caches.open(name)
        const responses = await cache.matchAll()
        let bytes = 0
        for (const response of responses) bytes += (await response.blob()).size
        caches.push({ name, entries: responses.length, bytes })
      }
      const storedListings = await new Promise<number>((resolve) => {
        const open = indexedDB.open('roost')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('listings')) return resolve(0)
          const count = db.transaction('listings').objectStore('listings').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => resolve(-1)
        }
        open.onerror = () => resolve(-1)
      })
      const estimate = await navigator.storage.estimate()
      return { listingsViewed, caches, storedListings, originUsageBytes: estimate.usage ?? 0 }
    }, opts.listingPaths.length)
  } finally {
    await browser.close()
  }
}
