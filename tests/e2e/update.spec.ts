import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { E2E_DIST } from '@roost/local-supabase/cli/e2e-ports'
import { waitForServiceWorker } from './support/service-worker'
import { newestListings } from './support/stack'

/** The build this worker's e2e stack serves (packages/local-supabase/src/cli/e2e-server.ts); it reads files per request. */
const SW_FILE = path.join(E2E_DIST, 'sw.js')

/** Deploys a new service worker: the built one plus a handler that answers which version is running. */
function deployNextVersion(original: string): void {
  const marker = `next-${Date.now()}`
  writeFileSync(
    SW_FILE,
    `${original}\nself.addEventListener('message', (event) => { if (event.data?.type === 'roost-test-version') event.ports[0]?.postMessage('${marker}') })\n`,
  )
}

/** The version the controlling service worker reports: 'first' if it does not know the question. */
function runningVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(String(event.data))
        navigator.serviceWorker.controller?.postMessage({ type: 'roost-test-version' }, [channel.port2])
        setTimeout(() => resolve('first'), 1000)
      }),
  )
}

const checkForUpdate = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })

test.describe('updating to a new version', () => {
  let original = ''
  test.beforeEach(() => {
    original = readFileSync(SW_FILE, 'utf8')
  })
  test.afterEach(() => {
    writeFileSync(SW_FILE, original)
  })

  test('a waiting new version is offered; Later keeps this one, Reload switches to it', async ({ page }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    expect(await runningVersion(page)).toBe('first')

    deployNextVersion(original)
    await checkForUpdate(page)
    const prompt = page.getByRole('region', { name: 'Update' })
    await expect(prompt.getByText('A new version of Roost is available')).toBeVisible()
    await prompt.getByRole('button', { name: 'Later' }).click()
    await expect(prompt).toBeHidden()
    expect(await runningVersion(page)).toBe('first')

    await page.reload()
    await expect(prompt).toBeVisible()
    await page.evaluate(() => {
      ;(window as unknown as { beforeUpdate: boolean }).beforeUpdate = true
    })
    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined()
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible()
    expect(await runningVersion(page)).toMatch(/^next-/)
    await expect(prompt).toBeHidden()
  })

  test('the offer waits while a message is being written, so nothing typed is lost', async ({ page }) => {
    const [listing] = await newestListings()
    if (!listing) throw new Error('the seed has no listings')
    await page.goto('/')
    await waitForServiceWorker(page)
    await page.goto(`/contact/${listing.user_ref}?listingName=${encodeURIComponent(listing.name)}`)
    const message = page.getByRole('textbox', { name: 'Message' })
    await message.fill('Is the flat still available?')

    deployNextVersion(original)
    await checkForUpdate(page)
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null)
    const prompt = page.getByRole('region', { name: 'Update' })
    await page.waitForTimeout(500)
    await expect(prompt).toBeHidden()

    await message.fill('')
    await expect(prompt.getByText('A new version of Roost is available')).toBeVisible()
  })
})
