// Lighthouse (mobile emulation, simulated throttling: its defaults) against the production build as
// `npm start` serves it; several runs per page, each in a fresh Chromium profile, median reported.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { median, round } from './stats'

export type LighthouseRun = {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  /** Time to interactive (simulated): when the main thread is first quiet for 5 s after the first paint. */
  ttiMs: number
  cls: number
  transferBytes: number
  lcpElement: string
  /**
   * The long tasks after the first paint (Lighthouse's long-tasks audit, simulated), as blocking time (each
   * task's time over 50 ms) by where it came from, largest first: what TBT is made of in this run.
   */
  blockingBySource: { source: string; ms: number }[]
}
export type LighthousePage = { name: string; url: string; runs: LighthouseRun[]; median: LighthouseRun }

export const CHROME_FLAGS = [
  '--headless=new',
  // Chromium refuses to start its sandbox as root.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/** What a long task's script URL stands for, in the app's words. */
function taskSource(taskUrl: string, pageUrl: string): string {
  if (taskUrl === 'Unattributable' || taskUrl === '')
    return 'rendering and other work no script is named for (style, layout, paint)'
  if (taskUrl === pageUrl) return "index.html's inline script"
  if (taskUrl.includes('_lighthouse-eval')) return "Lighthouse's own script in the page"
  const file = /\/assets\/([\w.-]+?)-[\w-]{8}\.js$/.exec(taskUrl)?.[1]
  if (!file) return taskUrl
  const named: Record<string, string> = {
    framework: 'React and the router',
    'app-core': "the app's start (app-core)",
    'local-db': 'the device database (Dexie)',
    index: "the app's entry",
    'rolldown-runtime': "the app's entry",
    'workbox-window.prod.es5': "the service worker's registration (workbox-window)",
  }
  return named[file] ?? `${file}.js`
}

/** The script that runs Lighthouse once in a process of its own. */
const CHILD = fileURLToPath(new URL('./lighthouse-child.ts', import.meta.url))

/**
 * One Lighthouse run, in a process of its own, as a person would run it against `npm start`. In the process
 * that serves the stack, Lighthouse's handling of the page's trace while it loads holds the stack's answers
 * back, and the simulation counts that wait as server time: the first data request took 181 ms there against
 * 38 to 90 ms from another process.
 */
export function runOnce(url: string, chromePath: string): Promise<LighthouseRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CHILD, url, chromePath],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`Lighthouse on ${url}: ${stderr.trim() || error.message}`))
        const last = stdout.trim().split('\n').at(-1) ?? ''
        resolve(JSON.parse(last) as LighthouseRun)
      },
    )
  })
}

/** One Lighthouse run in this process (lighthouse-child.ts runs it). */
export async function runInThisProcess(url: string, chromePath: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    const a = lhr.audits
    const num = (id: string) => Number(a[id]?.numericValue ?? Number.NaN)
    const lcpItems = (
      a['largest-contentful-paint-element']?.details as {
        items?: { items?: { node?: { snippet?: string } }[] }[]
      }
    )?.items?.[0]?.items
    const fcpMs = num('first-contentful-paint')
    const longTasks =
      (a['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] })
        ?.items ?? []
    const blocking = new Map<string, number>()
    for (const task of longTasks) {
      const start = task.startTime ?? 0
      const duration = task.duration ?? 0
      if (start + duration <= fcpMs || duration <= 50) continue
      const source = taskSource(task.url ?? '', url)
      blocking.set(source, (blocking.get(source) ?? 0) + duration - 50)
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcpMs: Math.round(num('first-contentful-paint')),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      ttiMs: Math.round(num('interactive')),
      cls: round(num('cumulative-layout-shift'), 3),
      transferBytes: Math.round(num('total-byte-weight')),
      lcpElement: lcpItems?.[0]?.node?.snippet ?? '',
      blockingBySource: [...blocking]
        .map(([source, ms]) => ({ source, ms: Math.round(ms) }))
        .sort((x, y) => y.ms - x.ms),
    }
  } finally {
    chrome.kill()
  }
}

export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const pick = (k: keyof Omit<LighthouseRun, 'lcpElement' | 'blockingBySource'>) =>
    median(runs.map((r) => r[k]))
  const tbt = pick('tbtMs')
  // The blocking time's sources are those of the run whose TBT is nearest the median.
  const nearest = runs.reduce<LighthouseRun | undefined>(
    (best, run) => (!best || Math.abs(run.tbtMs - tbt) < Math.abs(best.tbtMs - tbt) ? run : best),
    undefined,
  )
  return {
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: tbt,
    ttiMs: pick('ttiMs'),
    cls: round(pick('cls'), 3),
    transferBytes: pick('transferBytes'),
    lcpElement: runs[0]?.lcpElement ?? '',
    blockingBySource: nearest?.blockingBySource ?? [],
  }
}

export async function benchLighthouse(
  pages: { name: string; url: string }[],
  opts: { runs: number; chromePath: string; log: (line: string) => void },
): Promise<LighthousePage[]> {
  const out: LighthousePage[] = []
  for (const page of pages) {
    const runs: LighthouseRun[] = []
    for (let i = 0; i < opts.runs; i++) {
      const run = await runOnce(page.url, opts.chromePath)
      opts.log(
        `lighthouse ${page.name} run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`,
      )
      runs.push(run)
    }
    out.push({ ...page, runs, median: medianRun(runs) })
  }
  return out
}
