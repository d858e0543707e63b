import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test } from '@playwright/test'

type ManifestIcon = { src: string; sizes: string; purpose?: string }
type Manifest = Record<string, unknown> & { icons: ManifestIcon[] }

test('Roost is installable: Chromium reports no installability errors and the manifest is complete', async ({
  launchOptions,
  baseURL,
}) => {
  // Normal contexts are incognito-like ("in-incognito"): installability needs a persistent profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'roost-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: launchOptions.executablePath,
    args: launchOptions.args,
    baseURL,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible()
    await page.evaluate(() => navigator.serviceWorker.ready)

    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const { errors } = await cdp.send('Page.getAppManifest')
    expect(errors).toEqual([])

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Roost',
      short_name: 'Roost',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f5f4a',
      background_color: '#f5f6f4',
    })
    const icon = (size: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any') === purpose)
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const entry = icon(size, purpose)
      expect(entry, `${size} ${purpose} icon`).toBeDefined()
      const response = await page.request.get(entry?.src ?? '')
      expect(response.headers()['content-type']).toBe('image/png')
    }
    const touchIcon = page.locator('link[rel="apple-touch-icon"]')
    await expect(touchIcon).toHaveAttribute('sizes', '180x180')
    expect((await page.request.get((await touchIcon.getAttribute('href')) ?? '')).ok()).toBe(true)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('the Install app button appears only when the browser offers installation', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible()
  const install = page.getByRole('button', { name: 'Install app' })
  await expect(install).toBeHidden()
  // Chromium decides when to offer; stand in for its event with one carrying the same methods.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        ;(window as unknown as { prompted: boolean }).prompted = true
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(offer)
  })
  await install.click()
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  await expect(install).toBeHidden()
})
