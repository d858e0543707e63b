// A bounded load test on loopback: the category page's first request at a fixed rate for a fixed time,
// alone and then beside a stream of slow anonymous queries, each seconds of regex work, which the
// anon role's statement_timeout (3 s) bounds. Open loop: requests leave on schedule whether or not earlier ones are
// answered, so a stall shows as latency instead of hiding as a lower rate.
import { spawn } from 'node:child_process'
import { PROJECT_DIR } from '@roost/local-supabase/config'

export type LoadOptions = {
  apiUrl: string
  anonKey: string
  /** Requests per second of the category page. */
  rate: number
  seconds: number
  /** Slow anonymous queries kept running at once in the second phase. */
  slowQueries: number
}

export type LoadPhase = {
  name: string
  sent: number
  ok: number
  errors: number
  /** Requests not sent because too many were already waiting (the generator's bound). */
  dropped: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  achievedPerSec: number
  /** The slow queries sent, how each ended (200, statement_timeout, any other error) and their median. */
  slow?: { sent: number; answered: number; timedOut: number; failed: number; p50Ms: number }
}

export type LoadReport = {
  request: string
  slowRequest: string
  rate: number
  seconds: number
  slowQueries: number
  phases: LoadPhase[]
}

/** The most requests in flight at once: past this the generator drops instead of piling up. */
export const MAX_IN_FLIGHT = 400

/** Runs the load in its own process (tests/bench/load-generator.ts) and returns what it measured. */
export function benchLoad(options: LoadOptions): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/load-generator.ts', JSON.stringify(options)],
      {
        cwd: PROJECT_DIR,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as LoadReport)
        : reject(new Error(`load generator exited ${code}`)),
    )
  })
}

/** The report's section on the load test. */
export function loadMarkdown(r: LoadReport, table: (head: string[], rows: string[][]) => string): string[] {
  const md: string[] = []
  md.push('## Load: the category page at a fixed rate')
  md.push('')
  md.push(
    `Command: tests/bench/load.ts (also alone: \`npx tsx tests/bench/load-run.ts\`). ${r.rate} requests/s for ${r.seconds} s, open loop over loopback ` +
      `(at most ${MAX_IN_FLIGHT} in flight; more are counted as dropped), of \`${r.request}\`; then the same while ${r.slowQueries} clients keep ` +
      `a slow anonymous query running (\`${r.slowRequest}\`), about 2 s of regex backtracking each; anon's 3 s statement_timeout ends any that runs longer with a 500 (57014).`,
  )
  md.push('')
  md.push(
    table(
      [
        'Phase',
        'Sent',
        '200',
        'Errors',
        'Dropped',
        'p50',
        'p99',
        'Max',
        'Achieved/s',
        'Slow queries: sent: answered / timed out / other error, p50',
      ],
      r.phases.map((p) => [
        p.name,
        String(p.sent),
        String(p.ok),
        String(p.errors),
        String(p.dropped),
        `${p.p50Ms} ms`,
        `${p.p99Ms} ms`,
        `${p.maxMs} ms`,
        String(p.achievedPerSec),
        p.slow
          ? `${p.slow.sent}: ${p.slow.answered} / ${p.slow.timedOut} / ${p.slow.failed}, p50 ${p.slow.p50Ms} ms`
          : '–',
      ]),
    ),
  )
  md.push('')
  return md
}
