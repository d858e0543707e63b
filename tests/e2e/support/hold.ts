import type { Page } from '@playwright/test'

/**
 * Holds back every request whose URL matches until `release()`: what a slow network does to that
 * answer alone. `count()` is how many such requests the page has made.
 */
export async function holdRequests(
  page: Page,
  url: RegExp,
): Promise<{ release: () => void; count: () => number }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let requests = 0
  await page.route(url, async (route) => {
    requests += 1
    await held
    await route.continue()
  })
  return { release, count: () => requests }
}
