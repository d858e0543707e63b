// The load generator of tests/bench/load.ts, in a process of its own so that making requests does not
// compete with answering them when the stack runs in the bench's process. Reads its options as JSON
// from argv, prints the report as JSON.
import { PAGE_SIZE } from '../../src/features/listings/api/listings-keyset'
import { LISTING_COLUMNS } from '../../src/types/listing'
import { type LoadOptions, type LoadPhase, type LoadReport, MAX_IN_FLIGHT } from './load'
import { quantile, round } from './stats'

/**
 * Twenty back-reference patterns over every listing name, none of which matches: back-references make
 * Postgres's regex engine backtrack, about 2 s of one core per request at 100,000 listings.
 */
const SLOW_PATTERN = (i: number) =>
  `name.match."(.*)(.*)(.*)(.*)(.*)(.*)(.*)\\\\7\\\\6\\\\5\\\\4\\\\3\\\\2\\\\1#${i}"`
const SLOW_FILTER = `or=${encodeURIComponent(`(${Array.from({ length: 20 }, (_, i) => SLOW_PATTERN(i)).join(',')})`)}`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Timed = { ms: number; status: number; body: string }

async function timed(url: string, headers: Record<string, string>): Promise<Timed> {
  const started = performance.now()
  try {
    const res = await fetch(url, { headers })
    const body = await res.text()
    return { ms: performance.now() - started, status: res.status, body }
  } catch {
    return { ms: performance.now() - started, status: 0, body: '' }
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
  let slowAnswered = 0
  let slowTimedOut = 0
  let slowFailed = 0
  const slowLoops = Array.from({ length: slowQueries }, async () => {
    while (slowRunning) {
      const { ms, status, body } = await timed(slowUrl, headers)
      slowLatencies.push(ms)
      if (status === 200) slowAnswered += 1
      else if (body.includes('"57014"')) slowTimedOut += 1
      else slowFailed += 1
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
            answered: slowAnswered,
            timedOut: slowTimedOut,
            failed: slowFailed,
            p50Ms: round(quantile(slowLatencies, 0.5), 0),
          },
        }
      : {}),
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
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
    slowRequest: `GET /rest/v1/listings?select=id&or=(${SLOW_PATTERN(0).replaceAll('\\\\', '\\')},… 20 such patterns)`,
    rate: options.rate,
    seconds: options.seconds,
    slowQueries: options.slowQueries,
    phases: [alone, beside],
  }
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions
process.stdout.write(JSON.stringify(await runLoad(options)))
process.exit(0)
