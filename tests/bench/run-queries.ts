// `npm run bench:queries`: only the listing and search queries of `npm run bench`, on the bench stack's
// database grown to 100,000 listings (kept between runs in .local/bench), printed as a table with the plans
// of the search queries. Quicker than the whole bench when a query or an index changes. BENCH_QUERIES=a,b
// measures only the queries whose names start with one of those prefixes (e.g. search-reduced).
import { BENCH_ENV, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig } from '@roost/local-supabase/config'
import { startStack } from '@roost/local-supabase/stack'
import { benchQueries } from './queries'

const log = (line: string) => console.log(`[bench] ${line}`)
const config = loadConfig({ ...BENCH_ENV, ...process.env })
const stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
try {
  const seed = await seedBenchListings(stack.db.admin)
  log(`seed: ${seed.before} → ${seed.total} listings in ${seed.ms} ms`)
  const report = await benchQueries({
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    databaseUrl: `postgres://postgres@127.0.0.1:${config.dbPort}/postgres`,
    requests: Number(process.env.BENCH_REQUESTS ?? 200),
    warmup: 20,
  })
  const rows = report.queries.map((q) => ({
    query: q.name,
    rows: q.rows,
    'stack p50/p95 c1': `${q.stack.c1.p50Ms} / ${q.stack.c1.p95Ms}`,
    'stack p95 c8': q.stack.c8.p95Ms,
    'stack req/s c8': q.stack.c8.reqPerSec,
    'pg p50/p95 c1': `${q.postgres.c1.p50Ms} / ${q.postgres.c1.p95Ms}`,
    'explain ms': q.explain.executionMs,
    'index scan': q.explain.indexScan,
    buffers: q.explain.sharedHit + q.explain.sharedRead,
  }))
  console.table(rows)
  console.log(
    `search page 50 cursor ${JSON.stringify(report.search.page50Cursor)}, equal to OFFSET 490: ${report.search.page50MatchesOffset}; counts ${JSON.stringify(report.search.counts)}`,
  )
  for (const q of report.queries.filter(
    (query) => query.name.startsWith('search-') || query.name.startsWith('market-'),
  )) {
    console.log(`\n-- ${q.name}: ${q.what}\n${q.sql}\n${q.explain.plan}`)
  }
} finally {
  await stack.stop()
}
process.exit(0)
