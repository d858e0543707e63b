// Lighthouse alone, for working on one screen: builds the app, starts the bench stack with the demo data
// (not the 100,000 listings of `npm run bench`), and runs Lighthouse on the pages named in argv
// (default: all five of the bench) RUNS times each (default 3); prints each run, the medians, and where
// the main thread's time went in the last run (script per URL, long tasks).
// `npx tsx tests/bench/lighthouse-run.ts / /offers` (SKIP_BUILD=1 reuses the last build).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { BENCH_ENV } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { startStack } from '@roost/local-supabase/stack'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROME_FLAGS } from './lighthouse'
import { median } from './stats'

const config = loadConfig({ ...BENCH_ENV, ...process.env })
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const runs = Number(process.env.RUNS ?? 3)
const dist = path.join(config.dataDir, 'dist')

if (!process.env.SKIP_BUILD) {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: PROJECT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_SUPABASE_URL: config.apiUrl },
  })
  if (result.status !== 0) throw new Error('vite build failed')
}
for (const entry of fs.readdirSync(config.dataDir)) {
  if (entry !== 'dist') fs.rmSync(path.join(config.dataDir, entry), { recursive: true, force: true })
}
removeRelocatedCluster(config.dataDir)
const stack = await startStack(config, { log: () => {}, appDist: dist })
try {
  const appUrl = `http://127.0.0.1:${config.appPort}`
  for (const file of fs.readdirSync(path.join(dist, 'assets'))) {
    await fetch(`${appUrl}/assets/${file}`, { headers: { 'accept-encoding': 'br' } }).then((r) =>
      r.arrayBuffer(),
    )
  }
  const first = (
    await stack.db.admin.query(
      'select id, type from public.listings order by created_at desc, id desc limit 1',
    )
  ).rows[0] as { id: string; type: string }
  const named: Record<string, string> = { listing: `/category/${first.type}/${first.id}` }
  const pages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ['/', '/offers', '/category/rent', 'listing', '/search']
  for (const page of pages) {
    const scores: { score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = []
    let detail = ''
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
      try {
        const result = await lighthouse(`${appUrl}${named[page] ?? page}`, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance'],
        })
        const a = result?.lhr.audits ?? {}
        const num = (id: string) => Math.round(Number(a[id]?.numericValue ?? Number.NaN))
        const run = {
          score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
          fcp: num('first-contentful-paint'),
          lcp: num('largest-contentful-paint'),
          tbt: num('total-blocking-time'),
          cls: Number(a['cumulative-layout-shift']?.numericValue ?? 0),
        }
        scores.push(run)
        console.log(page, `run ${i + 1}`, JSON.stringify(run))
        type Items = { items?: Record<string, unknown>[] }
        const boot = ((a['bootup-time']?.details as Items)?.items ?? []).map(
          (x) =>
            `${String(x.url).replace(appUrl, '')}: total ${Math.round(Number(x.total))} script ${Math.round(Number(x.scripting))} parse ${Math.round(Number(x.scriptParseCompile))}`,
        )
        const tasks = ((a['long-tasks']?.details as Items)?.items ?? []).map(
          (x) =>
            `${Math.round(Number(x.startTime))}+${Math.round(Number(x.duration))} ${String(x.url).replace(appUrl, '')}`,
        )
        const lcpBreak = (a['lcp-breakdown-insight']?.details as Items)?.items ?? []
        const observed = ((a.metrics?.details as Items)?.items ?? [])[0] ?? {}
        detail = [
          `observed (unthrottled): FCP ${observed.observedFirstContentfulPaint} DCL ${observed.observedDomContentLoaded} LCP ${observed.observedLargestContentfulPaint} load ${observed.observedLoad}`,
          'bootup:',
          ...boot,
          'long tasks:',
          ...tasks,
          'lcp phases:',
          JSON.stringify(lcpBreak).slice(0, 600),
        ].join('\n  ')
      } finally {
        chrome.kill()
      }
    }
    const m = (k: keyof (typeof scores)[number]) => median(scores.map((s) => s[k]))
    console.log(
      `${page} MEDIAN score ${m('score')} FCP ${m('fcp')} LCP ${m('lcp')} TBT ${m('tbt')} CLS ${m('cls')}`,
    )
    console.log(`  ${detail}`)
  }
} finally {
  await stack.stop()
}
process.exit(0)
