// `npx tsx tests/bench/map-run.ts`: only the maps part of `npm run bench` (tests/bench/map.ts), on the bench's
// stack and data folder grown to 100,000 listings; prints the figures as JSON. The full bench writes them
// into report.md.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { BENCH_ENV, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig } from '@roost/local-supabase/config'
import { startStack } from '@roost/local-supabase/stack'
import { benchAreaQueries, benchSearchMap, benchTileCache, SEARCH_MAP_PATH } from './map'

const config = loadConfig({ ...BENCH_ENV, ...process.env })
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const dist = path.join(config.dataDir, 'dist-map')
const log = (line: string) => console.log(`[bench:map] ${line}`)

const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, VITE_SUPABASE_URL: config.apiUrl },
})
if (built.status !== 0) throw new Error('vite build failed')
const stack = await startStack(config, { log, appDist: dist })
try {
  const seed = await seedBenchListings(stack.db.admin)
  log(`${seed.total} listings`)
  const appUrl = `http://127.0.0.1:${config.appPort}`
  const databaseUrl = `postgres://postgres@127.0.0.1:${config.dbPort}/postgres`
  const areaQueries = await benchAreaQueries({ ...config, databaseUrl, requests: 100 })
  const searchMap = await benchSearchMap({ url: `${appUrl}${SEARCH_MAP_PATH}`, chromePath, runs: 5 })
  const browsed = await stack.db.admin.query<{ id: string; type: string }>(
    'select id, type from public.listings order by created_at desc, id desc limit 20',
  )
  const tileCache = await benchTileCache({
    appUrl,
    listingPaths: browsed.rows.map((row) => `/category/${row.type}/${row.id}`),
    chromePath,
  })
  console.log(JSON.stringify({ areaQueries, searchMap, tileCache }, null, 2))
} finally {
  await stack.stop()
}
process.exit(0)
