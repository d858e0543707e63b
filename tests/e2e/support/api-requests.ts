import type { Page } from '@playwright/test'

export type ApiRequest = { method: string; path: string }

/**
 * Every request the page sends to the API's REST endpoints from now on, CORS preflights included: Chromium
 * reports a preflight to DevTools as an OPTIONS request of its own, which page.on('request') does not see.
 */
export async function watchApiRequests(page: Page): Promise<ApiRequest[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const sent: ApiRequest[] = []
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname.startsWith('/rest/v1/')) sent.push({ method: request.method, path: url.pathname })
  })
  return sent
}
