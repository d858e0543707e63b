// Interaction latency at a 4× CPU slowdown: how long from a tap to the next paint, read from the Event
// Timing API in Chromium (the measure behind INP). Each scenario opens a screen, waits until it works,
// throttles the CPU, performs one interaction and reads the longest event entry of that interaction.
import { type Browser, chromium, type Page } from '@playwright/test'
import { median } from './stats'

export type InteractionScenario = {
  name: string
  path: string
  /** Waits until the screen can take the interaction. */
  ready: (page: Page) => Promise<void>
  /** Performs the interaction and waits until its result is on screen. */
  act: (page: Page) => Promise<void>
}

export type InteractionResult =
  | { name: string; path: string; measured: true; runsMs: number[]; medianMs: number }
  | { name: string; path: string; measured: false; reason: string }

/** Event Timing reports only events at or above this duration; below it the interaction was faster. */
export const EVENT_THRESHOLD_MS = 16
export const CPU_SLOWDOWN = 4

declare global {
  interface Window {
    __interactionDurations?: number[]
  }
}

async function observeEvents(page: Page) {
  await page.evaluate((threshold) => {
    window.__interactionDurations = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.interactionId) window.__interactionDurations?.push(entry.duration)
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: false } as PerformanceObserverInit)
  }, EVENT_THRESHOLD_MS)
}

async function runOnce(browser: Browser, baseUrl: string, scenario: InteractionScenario): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}${scenario.path}`)
    await scenario.ready(page)
    await page.waitForLoadState('networkidle')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await observeEvents(page)
    await scenario.act(page)
    // Event Timing entries are queued after the next paint: give the observer two frames to run.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    const durations = await page.evaluate(() => window.__interactionDurations ?? [])
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // No entry means every event of the interaction painted within the threshold.
    return durations.length === 0 ? EVENT_THRESHOLD_MS : Math.max(...durations)
  } finally {
    await context.close()
  }
}

export async function benchInteractions(opts: {
  baseUrl: string
  chromePath: string
  runs: number
  scenarios: InteractionScenario[]
}): Promise<InteractionResult[]> {
  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ['--disable-dev-shm-usage'],
  })
  const results: InteractionResult[] = []
  try {
    for (const scenario of opts.scenarios) {
      try {
        const runsMs: number[] = []
        for (let i = 0; i < opts.runs; i++) runsMs.push(await runOnce(browser, opts.baseUrl, scenario))
        results.push({
          name: scenario.name,
          path: scenario.path,
          measured: true,
          runsMs,
          medianMs: median(runsMs),
        })
      } catch (error) {
        results.push({
          name: scenario.name,
          path: scenario.path,
          measured: false,
          reason: (error as Error).message.split('\n')[0] ?? 'failed',
        })
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

/** Load More on a list: from the tap until the next page's cards are drawn. */
const loadMore = (name: string, path: string): InteractionScenario => ({
  name,
  path,
  ready: (page) => page.getByRole('button', { name: 'Load More' }).waitFor({ timeout: 30_000 }),
  act: async (page) => {
    const countCards = () => document.querySelectorAll('.listing-card').length
    const before = await page.evaluate(countCards)
    await page.getByRole('button', { name: 'Load More' }).click()
    await page.waitForFunction((n) => document.querySelectorAll('.listing-card').length > n, before, {
      timeout: 30_000,
    })
  },
})

/** The interactions #13's budget names: Load More (a list's and a search's), a filter change, the slider's arrows. */
export const INTERACTION_SCENARIOS: InteractionScenario[] = [
  loadMore('Load More on Places for Rent', '/category/rent'),
  loadMore('Load More on /search', '/search'),
  {
    name: 'a filter change on /search (Sort by: Lowest price)',
    path: '/search',
    ready: (page) => page.getByRole('combobox', { name: 'Sort by' }).waitFor({ timeout: 30_000 }),
    act: async (page) => {
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Lowest price' })
      await page.waitForURL(/sort=price-asc/, { timeout: 30_000 })
    },
  },
  {
    name: "the Recommended slider's Next arrow on Explore",
    path: '/',
    ready: (page) => page.getByRole('button', { name: 'Next slide' }).waitFor({ timeout: 30_000 }),
    act: (page) => page.getByRole('button', { name: 'Next slide' }).click(),
  },
]
