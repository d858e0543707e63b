// The first screen's main-thread work at a 4× CPU slowdown, from a real trace rather than Lighthouse's
// simulation: Chromium's own CPU throttling (CDP), no network throttling, no service worker. Per screen: the
// first contentful and largest contentful paints as the trace records them, the long tasks (over 50 ms) after
// the first paint, their blocking time (each one's time over 50 ms), and all main-thread task time after the
// first paint, until the network has been quiet for 2 s. Lighthouse's TBT counts the same tasks, but times
// them from a 1× trace on this shared machine, scaled by 4, and places them on a simulated network; this is the
// work itself, which swings far less.
import { type Browser, chromium } from '@playwright/test'
import { type FirstPaintJs, watchFirstPaintJs } from './first-paint-js'
import { median } from './stats'

export const MAIN_THREAD_SLOWDOWN = 4

export type MainThreadRun = {
  fcpMs: number
  lcpMs: number
  longTasks: number
  blockingMs: number
  workMs: number
}
export type MainThreadPage = {
  name: string
  url: string
  runs: MainThreadRun[]
  median: MainThreadRun
  /** The JavaScript it had before its first paint (the same bytes every run; the first run's). */
  firstPaintJs: FirstPaintJs
}

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { data?: { isLoadingMainFrame?: boolean } }
}

/** The figures of one load, from its trace (timestamps in microseconds). */
export function readMainThread(events: TraceEvent[]): MainThreadRun {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  if (!fcp) throw new Error('No first contentful paint in the trace')
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1)
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts
  if (start === undefined) throw new Error('No navigation start in the trace')
  // The renderer's main thread is the one that records the paints.
  const tasks = events.filter(
    (e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ph === 'X',
  )
  let longTasks = 0
  let blockingMs = 0
  let workMs = 0
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0)
    if (end <= fcp.ts) continue
    const ms = (end - Math.max(task.ts, fcp.ts)) / 1000
    workMs += ms
    if ((task.dur ?? 0) / 1000 > 50) {
      longTasks += 1
      blockingMs += Math.max(0, ms - 50)
    }
  }
  return {
    fcpMs: (fcp.ts - start) / 1000,
    lcpMs: lcp ? (lcp.ts - start) / 1000 : Number.NaN,
    longTasks,
    blockingMs,
    workMs,
  }
}

/** Lighthouse's mobile screen, with no service worker. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
} as const

/**
 * Opens each screen once, untimed, until its network is quiet: the stack makes a photo's rendition on its
 * first request and keeps it (as hosted Storage's CDN does), and the bench's data starts empty each run.
 */
export async function warmFirstScreens(urls: string[], chromePath: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] })
  try {
    const context = await browser.newContext(MOBILE)
    const page = await context.newPage()
    for (const url of urls) {
      await page.goto(url)
      await page.waitForLoadState('networkidle')
    }
  } finally {
    await browser.close()
  }
}

async function runOnce(
  browser: Browser,
  url: string,
): Promise<{ run: MainThreadRun; firstPaintJs: FirstPaintJs }> {
  const context = await browser.newContext(MOBILE)
  try {
    const page = await context.newPage()
    const firstPaintJs = watchFirstPaintJs(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MAIN_THREAD_SLOWDOWN })
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'blink.user_timing',
      ],
    })
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(2000)
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    return { run: readMainThread(trace.traceEvents), firstPaintJs: await firstPaintJs() }
  } finally {
    await context.close()
  }
}

export async function benchMainThread(
  pages: { name: string; url: string }[],
  opts: { runs: number; chromePath: string; log: (line: string) => void },
): Promise<MainThreadPage[]> {
  const browser = await chromium.launch({ executablePath: opts.chromePath, args: ['--no-sandbox'] })
  try {
    const runs = new Map(pages.map((p) => [p.name, [] as MainThreadRun[]]))
    const scripts = new Map<string, FirstPaintJs>()
    // Screens in turn, so that a noisy moment of the machine spreads over all of them.
    for (let i = 0; i < opts.runs; i++)
      for (const page of pages) {
        const { run, firstPaintJs } = await runOnce(browser, page.url)
        if (!scripts.has(page.name)) scripts.set(page.name, firstPaintJs)
        opts.log(
          `main thread ${page.name} run ${i + 1}: LCP ${Math.round(run.lcpMs)} ms, blocking ${Math.round(run.blockingMs)} ms`,
        )
        runs.get(page.name)?.push(run)
      }
    return pages.map((page) => {
      const all = runs.get(page.name) ?? []
      const firstPaintJs = scripts.get(page.name)
      if (!firstPaintJs) throw new Error(`No run of ${page.name}`)
      const pick = (k: keyof MainThreadRun) => Math.round(median(all.map((r) => r[k])))
      return {
        ...page,
        runs: all,
        firstPaintJs,
        median: {
          fcpMs: pick('fcpMs'),
          lcpMs: pick('lcpMs'),
          longTasks: pick('longTasks'),
          blockingMs: pick('blockingMs'),
          workMs: pick('workMs'),
        },
      }
    })
  } finally {
    await browser.close()
  }
}
