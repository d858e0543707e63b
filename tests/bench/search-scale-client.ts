// The client side of tests/bench/search-scale.ts, in a process of its own: the stack answers in the
// bench's process, and a client on the same event loop would queue its own work (sending, parsing
// answers) behind the server's and the server's behind its own, which at concurrency 8 doubled p95.
// Reads one command per line on stdin, answers one JSON line per command on stdout.
// Requests go through node:http with kept-alive connections rather than fetch, which took about 1 ms of CPU
// per request here against 0.4 ms: the client shares the machine's 2 CPUs with the stack, and what it
// spends, the stack does not get.
import http from 'node:http'
import readline from 'node:readline'
import { quantile, round, timeLoop } from './stats'

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** A GET answered in full, or `status` 0 when it failed or took longer than `timeoutMs`. */
function get(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
      response.on('error', () => resolve({ status: 0, body: '' }))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve({ status: 0, body: '' }))
  })
}

/** A request slower than this counts as a timeout (anon's statement_timeout is 3 s). */
const TIMEOUT_MS = 3000

export type Loop = { p50Ms: number; p95Ms: number; maxMs: number; timeouts: number; errors: number }
export type LoadFigures = {
  rate: number
  seconds: number
  sent: number
  ok: number
  errors: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}

/** One row's requests, sent together, timed `count` times at concurrency 1 then 8. */
export type MeasureCommand = {
  kind: 'measure'
  apiUrl: string
  anonKey: string
  name: string
  paths: string[]
  prefer?: string
  /** The paths one after the other rather than together. */
  inTurn?: boolean
  count: number
  warmup: number
}
/** The landing page's requests at `rate` a second for `seconds`, open loop, at most 400 in flight. */
export type LoadCommand = {
  kind: 'load'
  apiUrl: string
  anonKey: string
  paths: string[]
  rate: number
  seconds: number
}
export type Measured = { rows: number[]; c1: Loop; c8: Loop }

async function measure(command: MeasureCommand): Promise<Measured> {
  const headers: Record<string, string> = {
    apikey: command.anonKey,
    ...(command.prefer ? { prefer: command.prefer } : {}),
  }
  let timeouts = 0
  let errors = 0
  let rows: number[] = []
  const once = async () => {
    const send = async (path: string) => {
      const started = performance.now()
      const response = await get(`${command.apiUrl}${path}`, headers)
      const ms = performance.now() - started
      if (ms >= TIMEOUT_MS || response.status === 504 || response.status === 500) {
        timeouts += 1
        return Number.NaN
      }
      if (response.status < 200 || response.status > 299) {
        errors += 1
        throw new Error(`${command.name}: ${response.status} ${response.body}`)
      }
      const body = JSON.parse(response.body) as unknown
      return Array.isArray(body) ? body.length : Number(body)
    }
    if (!command.inTurn) {
      rows = await Promise.all(command.paths.map(send))
      return
    }
    const answers: number[] = []
    for (const path of command.paths) answers.push(await send(path))
    rows = answers
  }
  if (command.count === 0) {
    // Plans only (SCALE_REQUESTS=0): one request, to check the answer, and no timing.
    await once()
    const none = { p50Ms: Number.NaN, p95Ms: Number.NaN, maxMs: Number.NaN, timeouts, errors }
    return { rows, c1: none, c8: none }
  }
  for (let i = 0; i < command.warmup; i++) await once()
  const loop = async (concurrency: number): Promise<Loop> => {
    timeouts = 0
    errors = 0
    const { latencies } = await timeLoop(once, command.count, concurrency)
    return {
      p50Ms: round(quantile(latencies, 0.5), 1),
      p95Ms: round(quantile(latencies, 0.95), 1),
      maxMs: round(Math.max(...latencies), 1),
      timeouts,
      errors,
    }
  }
  const c1 = await loop(1)
  // Warmed at 8 as well: the first row would otherwise time the stack opening its extra database connections.
  await timeLoop(once, command.warmup, 8)
  const c8 = await loop(8)
  return { rows, c1, c8 }
}

async function load(command: LoadCommand): Promise<LoadFigures> {
  const latencies: number[] = []
  let sent = 0
  let ok = 0
  let errors = 0
  let inFlight = 0
  const pending: Promise<void>[] = []
  const started = performance.now()
  const total = command.rate * command.seconds
  const send = (path: string) =>
    get(`${command.apiUrl}${path}`, { apikey: command.anonKey }).then((r) => {
      if (r.status < 200 || r.status > 299) throw new Error(String(r.status))
    })
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / command.rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (inFlight >= 400) {
      errors += 1
      continue
    }
    sent += 1
    inFlight += 1
    const t = performance.now()
    pending.push(
      Promise.all(command.paths.map(send)).then(
        () => {
          ok += 1
          latencies.push(performance.now() - t)
          inFlight -= 1
        },
        () => {
          errors += 1
          inFlight -= 1
        },
      ),
    )
  }
  await Promise.all(pending)
  return {
    rate: command.rate,
    seconds: command.seconds,
    sent,
    ok,
    errors,
    p50Ms: round(quantile(latencies, 0.5), 1),
    p99Ms: round(quantile(latencies, 0.99), 1),
    maxMs: round(Math.max(...latencies), 1),
  }
}

const lines = readline.createInterface({ input: process.stdin })
for await (const line of lines) {
  const command = JSON.parse(line) as MeasureCommand | LoadCommand
  try {
    const result = command.kind === 'measure' ? await measure(command) : await load(command)
    process.stdout.write(`${JSON.stringify({ result })}\n`)
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`)
  }
}
