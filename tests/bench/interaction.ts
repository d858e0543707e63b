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

/**
 * Where an interaction's time went, from its longest Event Timing entry: waiting to be handled (the events
 * before it still running), its handlers, and from their end to the next paint (rendering that frame).
 */
export type InteractionPhases = { inputDelayMs: number; processingMs: number; presentationMs: number }

export type InteractionResult =
  | {
      name: string
      path: string
      measured: true
      runsMs: number[]
      medianMs: number
      /** Each phase's median over the runs with an entry; null when every run painted within the threshold. */
      phases: InteractionPhases | null
    }
  | { name: string; path: string; measured: false; reason: string }

type InteractionRun = { ms: number; phases: InteractionPhases | null }

/** Event Timing reports only events at or above this duration; below it the interaction was faster. */
export const EVENT_THRESHOLD_MS = 16
export const CPU_SLOWDOWN = 4

type EventEntry = { duration: number } & InteractionPhases

declare global {
  interface Window {
    __interactionEntries?: EventEntry[]
  }
}

async function observeEvents(page: Page) {
  await page.evaluate((threshold) => {
    window.__interactionEntries = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue
        window.__interactionEntries?.push({
          duration: entry.duration,
          inputDelayMs: entry.processingStart - entry.startTime,
          processingMs: entry.processingEnd - entry.processingStart,
          presentationMs: entry.startTime + entry.duration - entry.processingEnd,
        })
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: false } as PerformanceObserverInit)
  }, EVENT_THRESHOLD_MS)
}

async function runOnce(
  browser: Browser,
  baseUrl: string,
  scenario: InteractionScenario,
): Promise<InteractionRun> {
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
    const entries = await page.evaluate(() => window.__interactionEntries ?? [])
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // No entry means every event of the interaction painted within the threshold.
    const longest = entries.reduce<EventEntry | null>(
      (max, entry) => (max === null || entry.duration > max.duration ? entry : max),
      null,
    )
    if (!longest) return { ms: EVENT_THRESHOLD_MS, phases: null }
    const { duration, ...phases } = longest
    return { ms: duration, phases }
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
        const runs: InteractionRun[] = []
        for (let i = 0; i < opts.runs; i++) runs.push(await runOnce(browser, opts.baseUrl, scenario))
        const runsMs = runs.map((run) => run.ms)
        results.push({
          name: scenario.name,
          path: scenario.path,
          measured: true,
          runsMs,
          medianMs: median(runsMs),
          phases: medianPhases(runs.flatMap((run) => (run.phases ? [run.phases] : []))),
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

function medianPhases(phases: InteractionPhases[]): InteractionPhases | null {
  if (phases.length === 0) return null
  const of = (key: keyof InteractionPhases) => Math.round(median(phases.map((p) => p[key])))
  return {
    inputDelayMs: of('inputDelayMs'),
    processingMs: of('processingMs'),
    presentationMs: of('presentationMs'),
  }
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
