// Offline cold start: with the service worker installed and a listing viewed once, go offline, open the
// app in a fresh tab and time until that listing's name is on screen.
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { median } from './stats'

export type OfflineReport =
  | { measured: false; reason: string }
  | { measured: true; runsMs: number[]; medianMs: number; url: string }

export async function benchOffline(opts: {
  dist: string
  listingUrl: string
  listingName: string
  chromePath: string
  runs: number
}): Promise<OfflineReport> {
  if (!fs.existsSync(path.join(opts.dist, 'sw.js'))) {
    return {
      measured: false,
      reason: 'the build has no service worker (sw.js) yet: offline support is being added on another branch',
    }
  }
  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ['--disable-dev-shm-usage'],
  })
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' })
    const first = await context.newPage()
    await first.goto(opts.listingUrl)
    await first.getByText(opts.listingName).first().waitFor({ timeout: 30_000 })
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // The worker waits for the user's OK before taking over open pages (registerType 'prompt'): a reload
    // puts this page under it, as a second visit would be.
    await first.reload()
    await first.getByText(opts.listingName).first().waitFor({ timeout: 30_000 })
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
    // Give the app a moment to store what it shows for offline use.
    await first.waitForTimeout(2000)
    await first.close()
    await context.setOffline(true)
    const runsMs: number[] = []
    for (let i = 0; i < opts.runs; i++) {
      const page = await context.newPage()
      const started = Date.now()
      await page.goto(opts.listingUrl)
      await page.getByText(opts.listingName).first().waitFor({ timeout: 30_000 })
      runsMs.push(Date.now() - started)
      await page.close()
    }
    return { measured: true, runsMs, medianMs: median(runsMs), url: opts.listingUrl }
  } catch (error) {
    return { measured: false, reason: `the offline run failed: ${(error as Error).message.split('\n')[0]}` }
  } finally {
    await browser.close()
  }
}
