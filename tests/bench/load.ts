// A bounded load test on loopback: the category page's first request at a fixed rate for a fixed time,
// alone and then beside a stream of slow anonymous queries, each of which the anon role's
// statement_timeout (3 s) ends. Open loop: requests leave on schedule whether or not earlier ones are
// answered, so a stall shows as latency instead of hiding as a lower rate.
import { PAGE_SIZE } from '../../src/features/listings/api/listings-keyset'
import { LISTING_COLUMNS } from '../../src/types/listing'
import { quantile, round } from './stats'

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
  slow?: { sent: number; timedOut: number; p50Ms: number }
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
const MAX_IN_FLIGHT = 400

/** Twenty nested-repetition patterns over every listing name: seconds of work each, without a timeout. */
const SLOW_FILTER = `or=${encodeURIComponent(
  `(${Array.from({ length: 20 }, (_, i) => `name.match."((.{1,40}){1,40}){1,40}#${i}"`).join(',')})`,
)}`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  try {
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: res.status }
  } catch {
    return { ms: performance.now() - started, status: 0 }
  }
}

async function phase(
  name: string,
  options: LoadOptions,
  pageUrl: string,
  slowUrl: string,
  slowQueries: number,
): Promise<LoadPhase> {
  const headers = { apikey: options.anonKey }
  const latencies: number[] = []
  let ok = 0
  let errors = 0
  let dropped = 0
  let inFlight = 0
  const pending: Promise<void>[] = []

  let slowRunning = slowQueries > 0
  const slowLatencies: number[] = []
  let slowTimedOut = 0
  const slowLoops = Array.from({ length: slowQueries }, async () => {
    while (slowRunning) {
      const { ms, status } = await timed(slowUrl, headers)
      slowLatencies.push(ms)
      if (status === 500) slowTimedOut += 1
    }
  })
  if (slowQueries > 0) await sleep(500)

  const total = Math.round(options.rate * options.seconds)
  const interval = 1000 / options.rate
  const started = performance.now()
  for (let i = 0; i < total; i += 1) {
    const due = started + i * interval
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    if (inFlight >= MAX_IN_FLIGHT) {
      dropped += 1
      continue
    }
    inFlight += 1
    pending.push(
      timed(pageUrl, headers).then(({ ms, status }) => {
        inFlight -= 1
        latencies.push(ms)
        if (status === 200) ok += 1
        else errors += 1
      }),
    )
  }
  await Promise.all(pending)
  const wallMs = performance.now() - started
  slowRunning = false
  await Promise.all(slowLoops)

  return {
    name,
    sent: latencies.length,
    ok,
    errors,
    dropped,
    p50Ms: round(quantile(latencies, 0.5), 1),
    p99Ms: round(quantile(latencies, 0.99), 1),
    maxMs: round(Math.max(...latencies), 1),
    achievedPerSec: round(latencies.length / (wallMs / 1000), 1),
    ...(slowQueries > 0
      ? {
          slow: {
            sent: slowLatencies.length,
            timedOut: slowTimedOut,
            p50Ms: round(quantile(slowLatencies, 0.5), 0),
          },
        }
      : {}),
  }
}

export async function benchLoad(options: LoadOptions): Promise<LoadReport> {
  const page = `/rest/v1/listings?select=${LISTING_COLUMNS}&type=eq.rent&order=created_at.desc,id.desc&limit=${PAGE_SIZE + 1}`
  const slow = `/rest/v1/listings?select=id&${SLOW_FILTER}`
  const pageUrl = `${options.apiUrl}${page}`
  const slowUrl = `${options.apiUrl}${slow}`
  // Warm the connections and the plan cache first.
  for (let i = 0; i < 50; i += 1) await timed(pageUrl, { apikey: options.anonKey })
  const alone = await phase('category page alone', options, pageUrl, slowUrl, 0)
  const beside = await phase(
    `beside ${options.slowQueries} slow anonymous queries`,
    options,
    pageUrl,
    slowUrl,
    options.slowQueries,
  )
  return {
    request: `GET ${page.replace(LISTING_COLUMNS, '<listing columns>')}`,
    slowRequest: `GET ${decodeURIComponent(slow)}`,
    rate: options.rate,
    seconds: options.seconds,
    slowQueries: options.slowQueries,
    phases: [alone, beside],
  }
}

/** The report's section on the load test. */
export function loadMarkdown(r: LoadReport, table: (head: string[], rows: string[][]) => string): string[] {
  const md: string[] = []
  md.push('## Load: the category page at a fixed rate')
  md.push('')
  md.push(
    `Command: tests/bench/load.ts (also alone: \`npx tsx tests/bench/load-run.ts\`). ${r.rate} requests/s for ${r.seconds} s, open loop over loopback ` +
      `(at most ${MAX_IN_FLIGHT} in flight; more are counted as dropped), of \`${r.request}\`; then the same while ${r.slowQueries} clients keep ` +
      `a slow anonymous query running (\`${r.slowRequest}\`), which anon's 3 s statement_timeout ends with a 500 (57014).`,
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
        'Slow queries (ended by timeout, p50)',
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
        p.slow ? `${p.slow.sent} (${p.slow.timedOut}, ${p.slow.p50Ms} ms)` : '–',
      ]),
    ),
  )
  md.push('')
  return md
}
