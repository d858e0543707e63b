// `npx tsx tests/bench/saved-search-run.ts`: only the saved-search part of `npm run bench`, on a bench stack
// of its own (data kept in .local/bench-saved-search between runs; ports BENCH_PORT_OFFSET above the
// bench's), printed as text. The stand-in push service runs on loopback, so the stack's functions may
// deliver to it (test configuration).
import path from 'node:path'
import { BENCH_ENV, seedBenchListings } from '@roost/local-supabase/cli/bench-seed'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { startStack } from '@roost/local-supabase/stack'
import { PUSH_SERVICE_FUNCTION_ENV } from '../integration/support/push-service'
import { benchSavedSearches, savedSearchMarkdown } from './saved-search'

const log = (line: string) => console.log(`[bench] ${line}`)
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0)
const port = (value: string) => String(Number(value) + offset)
const config = loadConfig(
  {
    ...BENCH_ENV,
    APP_PORT: port(BENCH_ENV.APP_PORT),
    LOCAL_API_PORT: port(BENCH_ENV.LOCAL_API_PORT),
    LOCAL_DB_PORT: port(BENCH_ENV.LOCAL_DB_PORT),
    LOCAL_MAIL_PORT: port(BENCH_ENV.LOCAL_MAIL_PORT),
    LOCAL_DATA_DIR: path.join(PROJECT_DIR, '.local', 'bench-saved-search'),
    ...process.env,
  },
  { functionEnv: PUSH_SERVICE_FUNCTION_ENV },
)
const stack = await startStack(config, { log: (line) => log(`stack: ${line}`) })
try {
  const seed = await seedBenchListings(stack.db.admin)
  log(`listings: ${seed.before} → ${seed.total} in ${seed.ms} ms`)
  const report = await benchSavedSearches({
    databaseUrl: stack.superuserUrl,
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    log,
    samples: Number(process.env.BENCH_SAMPLES ?? 200),
    scheduledSamples: Number(process.env.BENCH_SCHEDULED_SAMPLES ?? 1),
  })
  console.log(savedSearchMarkdown(report).join('\n'))
} finally {
  await stack.stop()
}
process.exit(0)
