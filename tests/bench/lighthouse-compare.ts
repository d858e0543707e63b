// Lighthouse on two builds of the app in one run, alternating, for a before/after that shares the
// machine's moment: the bench stack with the demo data serves `before` on APP_PORT + 1 and `after` on
// APP_PORT, and each page is measured RUNS times per build (default 3), before and after in turn.
// `npx tsx tests/bench/lighthouse-compare.ts <before-dist> <after-dist> [page …]`: build each with
// `VITE_SUPABASE_URL=http://127.0.0.1:28321 npx vite build --outDir <dir>` (the bench stack's API).
// SCREENSHOTS=<dir> also keeps each page of each build as a 390×844 phone sees it (`<page>-<build>.png`).
import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { chromium } from '@playwright/test'
import { buildStaticApp } from '@roost/local-supabase/app-server/static-app'
import { BENCH_ENV } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { startStack } from '@roost/local-supabase/stack'
import { type LighthouseRun, medianRun, runOnce } from './lighthouse'
import { warmFirstScreens } from './main-thread'

const [beforeDist, afterDist, ...pageArgs] = process.argv.slice(2)
if (!beforeDist || !afterDist)
  throw new Error('usage: lighthouse-compare.ts <before-dist> <after-dist> [page …]')
const config = loadConfig({ ...BENCH_ENV, ...process.env })
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const runs = Number(process.env.RUNS ?? 3)

removeRelocatedCluster(config.dataDir)
const stack = await startStack(config, { log: () => {}, appDist: afterDist })
const beforePort = config.appPort + 1
const before = await new Promise<Server>((resolve) => {
  const server = serve(
    { fetch: buildStaticApp(beforeDist).fetch, hostname: '127.0.0.1', port: beforePort },
    () => resolve(server as Server),
  )
})
try {
  const first = (
    await stack.db.admin.query(
      'select id, type from public.listings order by created_at desc, id desc limit 1',
    )
  ).rows[0] as { id: string; type: string }
  const named: Record<string, string> = { listing: `/category/${first.type}/${first.id}` }
  const pages = pageArgs.length ? pageArgs : ['/', '/offers', '/category/rent', 'listing', '/search']
  const builds = [
    { name: 'before', origin: `http://127.0.0.1:${beforePort}` },
    { name: 'after', origin: `http://127.0.0.1:${config.appPort}` },
  ]
  // Warm each static host's compression cache, and the stack's photo renditions (made on first request), so
  // that neither build's first run pays for them.
  await warmFirstScreens(
    builds.flatMap((build) => pages.map((page) => `${build.origin}${named[page] ?? page}`)),
    chromePath,
  )
  const rows: string[] = []
  for (const page of pages) {
    const results: Record<string, LighthouseRun[]> = { before: [], after: [] }
    for (let i = 0; i < runs; i++) {
      for (const build of builds) {
        const run = await runOnce(`${build.origin}${named[page] ?? page}`, chromePath)
        console.log(
          `${page} ${build.name} run ${i + 1}: ${JSON.stringify({ ...run, lcpElement: undefined })}`,
        )
        results[build.name]?.push(run)
      }
    }
    for (const build of builds) {
      const m = medianRun(results[build.name] ?? [])
      rows.push(
        `| ${page} | ${build.name} | ${m.score} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.ttiMs} | ${m.cls} | ${Math.round(m.transferBytes / 1024)} |`,
      )
    }
  }
  if (process.env.SCREENSHOTS) await screenshots(process.env.SCREENSHOTS, builds, pages, named)
  console.log(`\nLighthouse mobile, median of ${runs} alternating runs per build\n`)
  console.log('| Page | Build | Score | FCP ms | LCP ms | TBT ms | TTI ms | CLS | Transfer KiB |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const row of rows) console.log(row)
} finally {
  before.close()
  await stack.stop()
}
process.exit(0)

/** Each page of each build as a phone shows it once loaded: `<dir>/<page>-<build>.png`. */
async function screenshots(
  dir: string,
  builds: { name: string; origin: string }[],
  pages: string[],
  named: Record<string, string>,
) {
  fs.mkdirSync(dir, { recursive: true })
  const browser = await chromium.launch({ executablePath: chromePath })
  try {
    for (const build of builds) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      })
      const page = await context.newPage()
      for (const name of pages) {
        await page.goto(`${build.origin}${named[name] ?? name}`, { waitUntil: 'networkidle' })
        const slug = name.replace(/^\//, '').replace(/\//g, '-') || 'explore'
        await page.screenshot({ path: path.join(dir, `${slug}-${build.name}.png`) })
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
}
