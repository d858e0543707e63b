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

/** A GET (or a POST of `body`) answered in full, or `status` 0 when it failed or took longer than `timeoutMs`. */
function get(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const options = { agent, headers, timeout: timeoutMs, method: body === undefined ? 'GET' : 'POST' }
    const request = http.request(url, options, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
      response.on('error', () => resolve({ status: 0, body: '' }))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve({ status: 0, body: '' }))
    request.end(body)
  })
}

/** A request slower than this counts as a timeout (anon's statement_timeout is 3 s). */
const TIMEOUT_MS = 3000

export type Loop = { p50Ms: number; p95Ms: number; maxMs: number; timeouts: number; errors: number }
/** A request: a GET of `path`, or a POST of `body` (JSON) to it, as supabase-js calls a function. */
export type Call = { path: string; body?: string }

/** A call answered in full (or `status` 0 when it failed or took longer than `timeoutMs`). */
const send = (apiUrl: string, call: Call, headers: Record<string, string>) =>
  get(
    `${apiUrl}${call.path}`,
    call.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    10_000,
    call.body,
  )

/** One row's requests, sent together, timed `count` times at concurrency 1 then 8. */
export type MeasureCommand = {
  kind: 'measure'
  apiUrl: string
  anonKey: string
  name: string
  paths: Call[]
  prefer?: string
  /** The paths one after the other rather than together. */
  inTurn?: boolean
  count: number
  warmup: number
}
/** Each search's requests (page 1 and its count) sent once untimed, then once each at concurrency 1 and at 8. */
export type RandomCommand = { kind: 'random'; apiUrl: string; anonKey: string; searches: Call[][] }
export type RandomFigures = { c1: Loop; c8: Loop; c1Latencies: number[]; rows: number[][] }
/** Listings published one after another as their landlords (signed in by password), as the app upserts them. */
export type PublishCommand = {
  kind: 'publish'
  apiUrl: string
  anonKey: string
  password: string
  bodies: { email: string; row: Record<string, unknown> }[]
}
export type PublishFigures = {
  sent: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  errors: number
  firstError?: string
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
    const one = async (path: Call) => {
      const started = performance.now()
      const response = await send(command.apiUrl, path, headers)
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
      rows = await Promise.all(command.paths.map(one))
      return
    }
    const answers: number[] = []
    for (const path of command.paths) answers.push(await one(path))
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

const loopOf = (latencies: number[], timeouts: number, errors: number): Loop => ({
  p50Ms: round(quantile(latencies, 0.5), 1),
  p95Ms: round(quantile(latencies, 0.95), 1),
  maxMs: round(Math.max(...latencies), 1),
  timeouts,
  errors,
})

async function randomSearches(command: RandomCommand): Promise<RandomFigures> {
  const headers = { apikey: command.anonKey }
  const rows: number[][] = []
  let timeouts = 0
  let errors = 0
  /** One search's requests together: the slower's time, or NaN when one failed or timed out. */
  const once = async (i: number) => {
    const started = performance.now()
    const answers = await Promise.all(
      (command.searches[i] ?? []).map((call) => send(command.apiUrl, call, headers)),
    )
    const ms = performance.now() - started
    if (ms >= TIMEOUT_MS || answers.some((a) => a.status === 0 || a.status >= 500)) {
      timeouts += 1
      return Number.NaN
    }
    if (answers.some((a) => a.status < 200 || a.status > 299)) {
      errors += 1
      process.stderr.write(
        `random search ${i}: ${answers.map((a) => `${a.status} ${a.body.slice(0, 200)}`).join('; ')}\n`,
      )
      return Number.NaN
    }
    rows[i] = answers.map((a) => {
      const body = JSON.parse(a.body) as unknown
      return Array.isArray(body) ? body.length : Number(body)
    })
    return ms
  }
  const all = command.searches.map((_, i) => i)
  for (const i of all) await once(i)
  timeouts = 0
  errors = 0
  const c1Latencies: number[] = []
  for (const i of all) c1Latencies[i] = await once(i)
  const c1 = loopOf(c1Latencies.filter(Number.isFinite), timeouts, errors)
  timeouts = 0
  errors = 0
  const c8Latencies: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < all.length) {
        const i = next
        next += 1
        c8Latencies.push(await once(i))
      }
    }),
  )
  const c8 = loopOf(c8Latencies.filter(Number.isFinite), timeouts, errors)
  return { c1, c8, c1Latencies, rows }
}

async function publish(command: PublishCommand): Promise<PublishFigures> {
  const tokens = new Map<string, string>()
  for (const email of new Set(command.bodies.map((b) => b.email))) {
    const answer = await get(
      `${command.apiUrl}/auth/v1/token?grant_type=password`,
      { apikey: command.anonKey, 'content-type': 'application/json' },
      10_000,
      JSON.stringify({ email, password: command.password }),
    )
    const token = (JSON.parse(answer.body || '{}') as { access_token?: string }).access_token
    if (!token) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.body}`)
    tokens.set(email, token)
  }
  const latencies: number[] = []
  let errors = 0
  let firstError: string | undefined
  for (const [i, { email, row }] of command.bodies.entries()) {
    const started = performance.now()
    const answer = await get(
      `${command.apiUrl}/rest/v1/listings?on_conflict=id`,
      {
        apikey: command.anonKey,
        authorization: `Bearer ${tokens.get(email)}`,
        'content-type': 'application/json',
        prefer: 'resolution=ignore-duplicates,return=minimal',
      },
      10_000,
      JSON.stringify(row),
    )
    const ms = performance.now() - started
    if (answer.status < 200 || answer.status > 299) {
      errors += 1
      firstError ??= `${answer.status} ${answer.body}`
    } else if (i >= 5) latencies.push(ms) // the first few warm the landlords' connections
  }
  return {
    sent: command.bodies.length,
    p50Ms: round(quantile(latencies, 0.5), 1),
    p95Ms: round(quantile(latencies, 0.95), 1),
    maxMs: round(Math.max(...latencies), 1),
    errors,
    ...(firstError ? { firstError } : {}),
  }
}

const lines = readline.createInterface({ input: process.stdin })
for await (const line of lines) {
  const command = JSON.parse(line) as MeasureCommand | RandomCommand | PublishCommand
  try {
    const result =
      command.kind === 'measure'
        ? await measure(command)
        : command.kind === 'random'
          ? await randomSearches(command)
          : await publish(command)
    process.stdout.write(`${JSON.stringify({ result })}\n`)
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`)
  }
}
