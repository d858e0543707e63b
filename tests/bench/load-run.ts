// The load test of `npm run bench` on its own: a fresh bench stack grown to 100,000 listings, then
// tests/bench/load.ts; prints its table. Ports and data folder as `npm run bench` (BENCH_ENV, overridable).
import fs from 'node:fs'
import { BENCH_ENV, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { startStack } from '@roost/local-supabase/stack'
import { benchLoad, loadMarkdown } from './load'

const config = loadConfig({ ...BENCH_ENV, ...process.env })
fs.rmSync(config.dataDir, { recursive: true, force: true })
removeRelocatedCluster(config.dataDir)
const stack = await startStack(config, { log: (line) => console.log(`[load] stack: ${line}`) })
try {
  const seed = await seedBenchListings(stack.db.admin)
  console.log(`[load] ${seed.total} listings`)
  const report = await benchLoad({
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    rate: 200,
    seconds: 30,
    slowQueries: 20,
  })
  const table = (head: string[], rows: string[][]) =>
    [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n')
  console.log(loadMarkdown(report, table).join('\n'))
  console.log(JSON.stringify(report, null, 2))
} finally {
  await stack.stop()
}
process.exit(0)
