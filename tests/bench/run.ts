// `npm run bench [-- --listings N]`: builds the app, starts its own stack (ports 58xxx, data in .local/bench,
// fresh each run), grows it to N listings (100,000 by default), measures bundles, Lighthouse, listing
// queries, photo uploads and offline start, stops the stack and writes tests/bench/report.md and report.json.
// `npm run bench -- --listings N --search-only`: only the /search and search-map requests, their budgets and
// the landing page's load test, on a kept stack (tests/bench/run-search-scale.ts, search-scale.md).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BENCH_ENV, listingsArg, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { startStack } from '@roost/local-supabase/stack'
import { PUSH_SERVICE_FUNCTION_ENV } from '../integration/support/push-service'
import { measureScreens, readManifest } from './bundle-size'
import { benchCacheFootprint } from './cache-footprint'
import { benchInteractions, INTERACTION_SCENARIOS } from './interaction'
import { benchLighthouse } from './lighthouse'
import { benchLoad } from './load'
import { benchMainThread, MAIN_THREAD_SLOWDOWN, warmFirstScreens } from './main-thread'
import { benchAreaQueries, benchSearchMap, benchTileCache, SEARCH_MAP_PATH } from './map'
import { benchModerationQueue } from './moderation'
import { modulesOf } from './module-sizes'
import { benchOffline } from './offline'
import { benchPhotos } from './photos'
import { benchQueries } from './queries'
import { type BenchReport, writeReport } from './report'
import { benchSavedSearches } from './saved-search'

if (process.argv.includes('--search-only')) {
  await import('./run-search-scale')
  process.exit(0)
}

const listings = listingsArg(process.argv.slice(2))
const log = (line: string) => console.log(`[bench] ${line}`)
const env = { ...BENCH_ENV, ...process.env }
// Functions may deliver to the stand-in push service on loopback (the publish → push figure).
const config = loadConfig(env, { functionEnv: PUSH_SERVICE_FUNCTION_ENV })
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const benchDir = config.dataDir
const dist = path.join(benchDir, 'dist')
const mapsDist = path.join(benchDir, 'dist-sourcemaps')
const workDir = path.join(PROJECT_DIR, 'tests/bench/.work')
const rel = (p: string) => path.relative(PROJECT_DIR, p)
const started = performance.now()

function build(outDir: string, extra: string[]): string {
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', ...extra]
  const command = `VITE_SUPABASE_URL=${config.apiUrl} npx ${args.join(' ').replace(outDir, rel(outDir))}`
  log(command)
  const result = spawnSync('npx', args, {
    cwd: PROJECT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_SUPABASE_URL: config.apiUrl },
  })
  if (result.status !== 0) throw new Error(`vite build failed: ${command}`)
  return command
}

// A fresh data folder each run, so every figure comes from the same starting point.
for (const entry of fs.existsSync(benchDir) ? fs.readdirSync(benchDir) : []) {
  fs.rmSync(path.join(benchDir, entry), { recursive: true, force: true })
}
removeRelocatedCluster(benchDir)
fs.mkdirSync(benchDir, { recursive: true })

const buildCommand = build(dist, [])
const mapsCommand = build(mapsDist, ['--sourcemap'])

log('bundle sizes')
const manifest = readManifest(dist)
const mapsManifest = readManifest(mapsDist)
const bundles = measureScreens(dist).map((screen) => ({
  ...screen,
  modules: modulesOf(
    screen.files.filter((f) => /\.m?js$/.test(f)),
    manifest,
    mapsDist,
    mapsManifest,
  ).slice(0, 8),
  initialModules: modulesOf(screen.initialFiles, manifest, mapsDist, mapsManifest).slice(0, 8),
}))

log(
  `starting the bench stack (${rel(benchDir)}, app ${config.appPort}, API ${config.apiPort}, DB ${config.dbPort})`,
)
const stack = await startStack(config, { log: (line) => log(`stack: ${line}`), appDist: dist })
let report: BenchReport | undefined
try {
  const appUrl = `http://127.0.0.1:${config.appPort}`
  const databaseUrl = `postgres://postgres@127.0.0.1:${config.dbPort}/postgres`
  // Let the static host finish compressing before anything is timed.
  for (const file of fs.readdirSync(path.join(dist, 'assets'))) {
    await fetch(`${appUrl}/assets/${file}`, { headers: { 'accept-encoding': 'br' } }).then((r) =>
      r.arrayBuffer(),
    )
  }

  log(`seeding ${listings.toLocaleString('en-GB')} listings`)
  const seed = await seedBenchListings(stack.db.admin, listings)
  log(`seed: ${seed.before} → ${seed.total} in ${seed.ms} ms`)

  const listing = (
    await stack.db.admin.query(
      "select id, type, name from public.listings where id = '5eed0000-0000-4000-8000-000000000001'",
    )
  ).rows[0] as { id: string; type: string; name: string }
  const listingPath = `/category/${listing.type}/${listing.id}`

  const firstScreens = [
    { name: '/', url: `${appUrl}/` },
    { name: '/offers', url: `${appUrl}/offers` },
    { name: '/category/rent', url: `${appUrl}/category/rent` },
    { name: 'listing page', url: `${appUrl}${listingPath}` },
    { name: '/search', url: `${appUrl}/search` },
  ]
  log("the first screens once, untimed, for the stack's photo renditions")
  await warmFirstScreens(
    firstScreens.map((screen) => screen.url),
    chromePath,
  )
  log('lighthouse')
  const lighthouse = await benchLighthouse(firstScreens, { runs: 3, chromePath, log })

  log(`the first screens' main thread at ${MAIN_THREAD_SLOWDOWN}× CPU slowdown`)
  const mainThread = await benchMainThread(firstScreens, { runs: 5, chromePath, log })

  log('interactions at 4× CPU slowdown')
  const interactions = await benchInteractions({
    baseUrl: appUrl,
    chromePath,
    runs: 5,
    scenarios: INTERACTION_SCENARIOS,
  })

  log('listing queries')
  const queries = await benchQueries({
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    databaseUrl,
    requests: 200,
    warmup: 20,
  })

  log('load: the category page at 200 requests/s, alone and beside 20 slow anonymous queries')
  const load = await benchLoad({
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    rate: 200,
    seconds: 30,
    slowQueries: 20,
  })

  log('photos')
  const photos = await benchPhotos({
    workDir,
    appUrl,
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    chromePath,
    runs: 3,
    log,
  })

  log('offline')
  const offline = await benchOffline({
    dist,
    listingUrl: `${appUrl}${listingPath}`,
    listingName: listing.name,
    chromePath,
    runs: 3,
  })

  log('cache footprint after browsing 50 listings')
  const browsed = await stack.db.admin.query<{ id: string; type: string }>(
    'select id, type from public.listings order by created_at desc, id desc limit 50',
  )
  const cacheFootprint = await benchCacheFootprint({
    appUrl,
    listingPaths: browsed.rows.map((row) => `/category/${row.type}/${row.id}`),
    chromePath,
  })

  log('maps: area query, map of results, tile cache after 20 listing maps')
  const areaQueries = await benchAreaQueries({
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    databaseUrl,
    requests: 100,
  })
  const searchMap = await benchSearchMap({ url: `${appUrl}${SEARCH_MAP_PATH}`, chromePath, runs: 5 })
  const tileCache = await benchTileCache({
    appUrl,
    listingPaths: browsed.rows.slice(0, 20).map((row) => `/category/${row.type}/${row.id}`),
    chromePath,
  })
  log('the moderation queue at 100,000 open reports')
  const moderation = await benchModerationQueue({
    superuserUrl: stack.superuserUrl,
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    requests: 200,
    warmup: 20,
  })
  // Last: a million saved searches (and their trigger on every publish) would change the figures above.
  log('saved searches')
  const savedSearches = await benchSavedSearches({
    databaseUrl: stack.superuserUrl,
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    log,
    scheduledSamples: 1,
  })

  report = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    commands: { build: buildCommand, sourcemapBuild: mapsCommand },
    listingPath,
    seed,
    bundles,
    lighthouse,
    mainThread,
    queries,
    photos,
    offline,
    cacheFootprint,
    interactions,
    load,
    maps: { areaQueries, searchMap, tileCache },
    moderation,
    savedSearches,
    durationSeconds: 0,
  }
} finally {
  log('stopping the bench stack')
  await stack.stop()
}
report.durationSeconds = Math.round((performance.now() - started) / 1000)
writeReport(report, path.join(PROJECT_DIR, 'tests/bench'))
log(`wrote tests/bench/report.md and report.json in ${report.durationSeconds} s`)
process.exit(0)
