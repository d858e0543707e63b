// Maps at scale: the search map's area query at 100,000 listings (through the stack and EXPLAIN), the time
// from opening the map of results to its markers on a throttled phone, and the tile cache after browsing
// listing maps.
import path from 'node:path'
import { serve } from '@hono/node-server'
import { chromium } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import react from '@vitejs/plugin-react'
import pg from 'pg'
import { build } from 'vite'
import WebSocket from 'ws'
import { type Bbox, MAP_HOMES_LIMIT, withinArea } from '../../src/features/map/api/search-area'
import { buildStaticApp } from '../../supabase/local/src/app-server/static-app'
import { REPO_ROOT } from '../../supabase/local/src/config'
import { median, quantile, round, timeLoop } from './stats'

const MAP_COLUMNS = 'id,type,name,location,offer,regular_price,discounted_price,latitude,longitude,image_urls'

/** The areas timed: a city as the map shows it zoomed in, and the whole of the UK (every listing). */
export const AREAS: Array<{ name: string; bbox: Bbox }> = [
  { name: 'London', bbox: [-0.25, 51.42, 0.05, 51.58] },
  { name: 'the whole UK', bbox: [-8.2, 49.9, 1.8, 58.7] },
]

export type AreaQueryFigures = {
  name: string
  bbox: Bbox
  rows: number
  total: number
  p50Ms: number
  p95Ms: number
  explain: { rowsPlan: string; countPlan: string; rowsMs: number; countMs: number }
}

export type SearchMapFigures = { url: string; runs: number[]; medianMs: number; markers: number }
export type TileCacheFigures = { listingMaps: number; entries: number; bytes: number; tileRequests: number }
export type MapReport = {
  areaQueries: AreaQueryFigures[]
  searchMap: SearchMapFigures
  tileCache: TileCacheFigures
}

/** Lighthouse's mobile throttling (simulated 4× CPU, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up). */
const THROTTLE = { cpu: 4, latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8 }

const AREA_SQL = (select: string, tail: string) =>
  `select ${select} from public.listings where longitude >= $1 and longitude <= $2 and latitude >= $3 and latitude <= $4 ${tail}`

async function explainAnalyze(pool: pg.Pool, sql: string, params: unknown[]) {
  const { rows } = await pool.query(`explain (analyze, buffers) ${sql}`, params)
  const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
  return { plan, ms: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN) }
}

/** The search map's query (withinArea, count exact, newest 500) through the stack, p50/p95 and EXPLAIN. */
export async function benchAreaQueries(opts: {
  apiUrl: string
  anonKey: string
  databaseUrl: string
  requests: number
}): Promise<AreaQueryFigures[]> {
  const client = createClient(opts.apiUrl, opts.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 })
  const figures: AreaQueryFigures[] = []
  try {
    for (const area of AREAS) {
      const query = () =>
        withinArea(client.from('listings').select(MAP_COLUMNS, { count: 'exact' }), area.bbox)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(MAP_HOMES_LIMIT)
      const first = await query()
      if (first.error) throw new Error(first.error.message)
      const work = async () => await query()
      await timeLoop(work, 10, 1)
      const { latencies } = await timeLoop(work, opts.requests, 1)
      const [west, south, east, north] = area.bbox
      const params = [west, east, south, north]
      const rowsPlan = await explainAnalyze(
        pool,
        AREA_SQL(MAP_COLUMNS, `order by created_at desc, id desc limit ${MAP_HOMES_LIMIT}`),
        params,
      )
      const countPlan = await explainAnalyze(pool, AREA_SQL('count(*)', ''), params)
      figures.push({
        name: area.name,
        bbox: area.bbox,
        rows: first.data.length,
        total: first.count ?? 0,
        p50Ms: round(median(latencies)),
        p95Ms: round(quantile(latencies, 0.95)),
        explain: {
          rowsPlan: rowsPlan.plan,
          countPlan: countPlan.plan,
          rowsMs: rowsPlan.ms,
          countMs: countPlan.ms,
        },
      })
    }
  } finally {
    await pool.end()
  }
  return figures
}

/**
 * Builds the search map's test page (tests/e2e/map-harness) against the stack and serves it on a free
 * loopback port: the map of results as the search screen will show it, apart from the screen itself.
 */
export async function serveSearchMapPage(opts: { apiUrl: string; anonKey: string; outDir: string }) {
  process.env.VITE_SUPABASE_URL = opts.apiUrl
  process.env.VITE_SUPABASE_ANON_KEY = opts.anonKey
  await build({
    configFile: false,
    root: REPO_ROOT,
    envDir: path.join(REPO_ROOT, 'tests/e2e/map-harness'),
    plugins: [react()],
    resolve: { alias: { '@': path.join(REPO_ROOT, 'src') } },
    logLevel: 'warn',
    build: {
      outDir: opts.outDir,
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: { input: path.join(REPO_ROOT, 'tests/e2e/map-harness/index.html') },
    },
  })
  const server = serve({ fetch: buildStaticApp(opts.outDir).fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/tests/e2e/map-harness/index.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Median time from navigation to the first marker (price or cluster) of the map of results, throttled. */
export async function benchSearchMap(opts: { url: string; chromePath: string; runs: number }) {
  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ['--disable-dev-shm-usage'],
  })
  const runs: number[] = []
  let markers = 0
  try {
    for (let run = 0; run < opts.runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
      })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu })
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLE.latency,
        downloadThroughput: THROTTLE.down,
        uploadThroughput: THROTTLE.up,
      })
      await page.goto(opts.url)
      await page.locator('.search-map__price, .search-map__cluster').first().waitFor({ timeout: 120_000 })
      runs.push(round(await page.evaluate(() => performance.now()), 0))
      markers = await page.locator('.search-map__price, .search-map__cluster').count()
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return { url: opts.url, runs, medianMs: median(runs), markers }
}

/** The service worker's map-tiles cache after opening N listing pages and scrolling to each one's map. */
export async function benchTileCache(opts: {
  appUrl: string
  listingPaths: string[]
  chromePath: string
}): Promise<TileCacheFigures> {
  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ['--disable-dev-shm-usage'],
  })
  try {
    const context = await browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
    })
    const page = await context.newPage()
    let tileRequests = 0
    page.on('request', (request) => {
      if (/\/tiles\/v1\/\d+\/\d+\/\d+\.png$/.test(request.url())) tileRequests++
    })
    await page.goto(`${opts.appUrl}/`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
    for (const listingPath of opts.listingPaths) {
      await page.goto(`${opts.appUrl}${listingPath}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.getByRole('region', { name: 'Location' }).scrollIntoViewIfNeeded()
      await page.locator('.maplibregl-canvas').waitFor({ timeout: 30_000 })
      await page.waitForLoadState('networkidle')
    }
    const cache = await page.evaluate(async () => {
      const tiles = await caches.open('map-tiles')
      let bytes = 0
      const responses = await tiles.matchAll()
      for (const response of responses) bytes += (await response.blob()).size
      return { entries: responses.length, bytes }
    })
    return { listingMaps: opts.listingPaths.length, ...cache, tileRequests }
  } finally {
    await browser.close()
  }
}
