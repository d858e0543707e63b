// Lighthouse (mobile emulation, simulated throttling: its defaults) against the production build as
// `npm start` serves it; several runs per page, each in a fresh Chromium profile, median reported.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { median, round } from './stats'

export type LighthouseRun = {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  transferBytes: number
  lcpElement: string
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

export async function runOnce(url: string, chromePath: string): Promise<LighthouseRun> {
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
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcpMs: Math.round(num('first-contentful-paint')),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      cls: round(num('cumulative-layout-shift'), 3),
      transferBytes: Math.round(num('total-byte-weight')),
      lcpElement: lcpItems?.[0]?.node?.snippet ?? '',
    }
  } finally {
    chrome.kill()
  }
}

export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const pick = (k: keyof Omit<LighthouseRun, 'lcpElement'>) => median(runs.map((r) => r[k]))
  return {
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: round(pick('cls'), 3),
    transferBytes: pick('transferBytes'),
    lcpElement: runs[0]?.lcpElement ?? '',
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
