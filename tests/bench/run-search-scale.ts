// `npm run bench -- --listings N --search-only` (or `npx tsx tests/bench/run-search-scale.ts --listings N`):
// the bench stack (BENCH_ENV, or LOCAL_* to override; kept between runs) grown to N listings, the Postgres
// settings below applied, then the searches of /search, random searches and a publish timed
// (tests/bench/search-scale.ts).
// Writes tests/bench/search-scale-<N>.json, and tests/bench/search-scale.md from every such file there.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { BENCH_ENV, listingsArg, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR, stackEnv } from '@roost/local-supabase/config'
import { startStack } from '@roost/local-supabase/stack'
import pg from 'pg'
import { benchSearchScale, type ScaleReport, scaleMarkdown } from './search-scale'

/**
 * The bench's Postgres settings: a 1,000,000-listing database is about 2.5 GB, so the default 128 MB of
 * shared_buffers would read most pages from the OS cache. random_page_cost as hosted Supabase sets it.
 */
export const BENCH_PG_SETTINGS: Record<string, string> = {
  shared_buffers: '1GB',
  effective_cache_size: '4GB',
  random_page_cost: '1.1',
}

// SCALE_REQUESTS (100), SCALE_WARMUP (10), SCALE_RANDOM (200 random searches) and SCALE_PUBLISHES (100)
// shorten a run on a busy machine; SCALE_REQUESTS=0 gives the plans alone.
const log = (line: string) => console.log(`[scale] ${line}`)
const target = listingsArg(process.argv.slice(2))
const config = loadConfig(stackEnv(BENCH_ENV))

let stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
try {
  const seed = await seedBenchListings(stack.db.admin, target, (n) => log(`seed: ${n} listings`))
  log(`seed: ${seed.before} → ${seed.total} in ${seed.ms} ms`)
  // Settings take effect on a restart: set them as the superuser, then start the stack again.
  const superuser = new pg.Client({ connectionString: stack.superuserUrl })
  await superuser.connect()
  let changed = false
  for (const [name, value] of Object.entries(BENCH_PG_SETTINGS)) {
    await superuser.query(`alter system set ${name} = '${value}'`)
    if ((await superuser.query(`show ${name}`)).rows[0][name] !== value) changed = true
  }
  await superuser.end()
  if (changed) {
    log('restarting Postgres with the bench settings')
    await stack.stop()
    stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
  }
  // Warm the cache as a running site would be: the table and its indexes read once. pg_prewarm is not a
  // trusted extension, so the superuser makes it (the database's owner could not, and a freshly seeded
  // database was then measured with only its table read).
  const warmer = new pg.Client({ connectionString: stack.superuserUrl })
  await warmer.connect()
  try {
    await warmer.query('create extension if not exists pg_prewarm')
    await warmer.query(
      `select pg_prewarm(c.oid) from pg_class as c
       where c.oid = 'public.listings'::regclass
          or c.oid in (select indexrelid from pg_index where indrelid = 'public.listings'::regclass)`,
    )
  } finally {
    await warmer.end()
  }
  // What is measured: this checkout's commit, and whether it had uncommitted changes.
  const git = (args: string) => {
    try {
      return execSync(`git ${args}`, { cwd: PROJECT_DIR, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim()
    } catch {
      return ''
    }
  }
  const commit = `${git('rev-parse --short=10 HEAD')}${git('status --porcelain --untracked-files=no') ? ' (with changes)' : ''}`
  const report = await benchSearchScale(
    {
      apiUrl: config.apiUrl,
      anonKey: config.anonKey,
      databaseUrl: stack.superuserUrl,
      requests: Number(process.env.SCALE_REQUESTS ?? 100),
      warmup: Number(process.env.SCALE_WARMUP ?? 10),
      randomSearches: Number(process.env.SCALE_RANDOM ?? 200),
      publishes: Number(process.env.SCALE_PUBLISHES ?? 100),
    },
    commit,
  )
  const dir = path.join(PROJECT_DIR, 'tests/bench')
  fs.writeFileSync(
    path.join(dir, `search-scale-${report.listings >= 500_000 ? '1m' : '100k'}.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  )
  const reports = ['100k', '1m']
    .map((n) => path.join(dir, `search-scale-${n}.json`))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as ScaleReport)
    // A report of the search before places and keywords (no random searches) is not comparable.
    .filter((r) => r.random !== undefined)
  fs.writeFileSync(path.join(dir, 'search-scale.md'), scaleMarkdown(reports))
  log(`wrote tests/bench/search-scale.md (${reports.map((r) => r.listings).join(', ')} listings)`)
} finally {
  await stack.stop()
}
process.exit(0)
