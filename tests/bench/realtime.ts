// `npm run bench:realtime`: the live-update budgets on a stack of its own (loopback only, a fresh empty project
// in .local/bench-realtime, started as a child process so its memory is its own), then stopped:
//   - a message reaches an open thread on another client: p95 ≤ 500 ms (insert through the API to the
//     broadcast arriving at the other person's supabase-js channel);
//   - 2,000 idle clients (each a socket with one joined private channel) cost the stack ≤ 300 MB (its RSS);
//   - one broadcast reaches 200 subscribers of a topic within 1 s.
// Bounded: gives up after BENCH_TIMEOUT_MS (default 5 minutes) and stops the stack either way.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_ANON_KEY, PROJECT_DIR } from '@roost/local-supabase/config'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { quantile, round } from './stats'

const API_PORT = 28221
const API_URL = `http://127.0.0.1:${API_PORT}`
const WS_URL = `ws://127.0.0.1:${API_PORT}/realtime/v1/websocket?apikey=${DEFAULT_ANON_KEY}&vsn=2.0.0`
const DATA_DIR = path.join(PROJECT_DIR, '.local', 'bench-realtime')
const MESSAGES = Math.min(100, Number(process.env.BENCH_MESSAGES ?? 100))
const IDLE = Number(process.env.BENCH_IDLE_CLIENTS ?? 2_000)
const FANOUT = Number(process.env.BENCH_FANOUT ?? 200)
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000)

const log = (line: string) => console.log(`[bench:realtime] ${line}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function startStack(): Promise<ChildProcess> {
  rmSync(DATA_DIR, { recursive: true, force: true })
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/local-supabase/src/cli/backend.ts'], {
    cwd: PROJECT_DIR,
    env: {
      ...process.env,
      APP_PORT: '28073',
      LOCAL_API_PORT: String(API_PORT),
      LOCAL_DB_PORT: '28222',
      LOCAL_MAIL_PORT: '28224',
      LOCAL_DATA_DIR: DATA_DIR,
      LOCAL_DB_DURABILITY: 'off',
      LOCAL_AUTH_RATE_LIMITS: 'off',
      LOCAL_FUNCTIONS_SCHEDULER: 'off',
      LOCAL_SEED: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Local stack ready')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`the stack exited (${code})`)))
  })
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
  return line ? round(Number(line[1]) / 1024) : Number.NaN
}

const client = () =>
  createClient(API_URL, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })

async function person(name: string): Promise<{ id: string; token: string; client: SupabaseClient }> {
  const c = client()
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`
  const { data, error } = await c.auth.signUp({
    email,
    password: 'correct-horse-battery',
    options: { data: { name } },
  })
  if (error || !data.user || !data.session) throw error ?? new Error('no session')
  await c.realtime.setAuth(data.session.access_token)
  return { id: data.user.id, token: data.session.access_token, client: c }
}

/** A bare socket with one private channel joined on `topic`; resolves when the join is answered ok. */
function rawSubscriber(topic: string, token: string, onBroadcast?: (payload: { id?: string }) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(WS_URL)
    ws.on('error', reject)
    ws.on('open', () =>
      ws.send(
        JSON.stringify([
          '1',
          '1',
          `realtime:${topic}`,
          'phx_join',
          { config: { private: true }, access_token: token },
        ]),
      ),
    )
    ws.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [
        unknown,
        unknown,
        string,
        string,
        Record<string, unknown>,
      ]
      if (event === 'phx_reply') {
        if ((payload as { status: string }).status === 'ok') resolve(ws)
        else reject(new Error(JSON.stringify(payload)))
      } else if (event === 'broadcast') onBroadcast?.((payload as { payload: { id?: string } }).payload)
    })
  })
}

async function main() {
  const stack = await startStack()
  const pid = stack.pid as number
  const sockets: WebSocket[] = []
  try {
    log(`stack up (pid ${pid}), RSS ${rssMb(pid)} MB`)
    const [landlord, hunter] = await Promise.all([person('Bench Landlord'), person('Bench Hunter')])
    const listingId = randomUUID()
    const published = await landlord.client.from('listings').insert({
      id: listingId,
      type: 'rent',
      name: 'Bench flat for live updates',
      bedrooms: 2,
      bathrooms: 1,
      parking: false,
      furnished: false,
      location: 'Hackney, London',
      offer: false,
      regular_price: 1500,
      image_urls: ['https://images.example.com/listings/x/y/1.jpg'],
      latitude: 51.545,
      longitude: -0.055,
      // The facts publishing needs.
      epc_rating: 'C',
      council_tax_band: 'C',
      deposit: 1700,
    })
    if (published.error) throw new Error(published.error.message)
    const enquiry = await hunter.client.rpc('send_enquiry', {
      listing_id: listingId,
      message_id: randomUUID(),
      body: 'Is it still available?',
    })
    if (enquiry.error) throw new Error(enquiry.error.message)
    const conversationId = enquiry.data as string

    // 1. A message to an open thread on another client: the two people take turns (each may send 60 an hour),
    // and the time is from the sender's insert to the broadcast arriving at the other person's channel.
    const arrivedAt = new Map<SupabaseClient, Map<string, number>>()
    for (const who of [landlord, hunter]) {
      const arrived = new Map<string, number>()
      arrivedAt.set(who.client, arrived)
      await new Promise<void>((resolve, reject) =>
        who.client
          .channel(`conversation:${conversationId}`, { config: { private: true } })
          .on('broadcast', { event: 'message' }, ({ payload }) => arrived.set(payload.id, performance.now()))
          .subscribe((status, error) =>
            status === 'SUBSCRIBED' ? resolve() : error ? reject(error) : undefined,
          ),
      )
    }
    const latencies: number[] = []
    for (let i = 0; i < MESSAGES; i++) {
      const [from, to] = i % 2 === 0 ? [landlord, hunter] : [hunter, landlord]
      const arrived = arrivedAt.get(to.client) as Map<string, number>
      const id = randomUUID()
      const started = performance.now()
      const sent = await from.client
        .from('messages')
        .insert({ id, conversation_id: conversationId, body: `Reply ${i}` })
      if (sent.error) throw new Error(sent.error.message)
      while (!arrived.has(id) && performance.now() - started < 5_000) await sleep(1)
      latencies.push((arrived.get(id) ?? Number.POSITIVE_INFINITY) - started)
    }
    const p50 = round(quantile(latencies, 0.5))
    const p95 = round(quantile(latencies, 0.95))
    log(`message to an open thread: p50 ${p50} ms, p95 ${p95} ms over ${MESSAGES} (budget p95 ≤ 500 ms)`)

    // 2. One broadcast to FANOUT subscribers.
    const seenBy = new Map<string, number[]>()
    for (let i = 0; i < FANOUT; i++) {
      sockets.push(
        await rawSubscriber(`conversation:${conversationId}`, hunter.token, (payload) => {
          if (!payload.id) return
          const list = seenBy.get(payload.id) ?? []
          list.push(performance.now())
          seenBy.set(payload.id, list)
        }),
      )
    }
    const fanouts: number[] = []
    for (let round_ = 0; round_ < 5; round_++) {
      const id = randomUUID()
      const started = performance.now()
      const sent = await landlord.client
        .from('messages')
        .insert({ id, conversation_id: conversationId, body: 'To all' })
      if (sent.error) throw new Error(sent.error.message)
      while ((seenBy.get(id)?.length ?? 0) < FANOUT && performance.now() - started < 5_000) await sleep(1)
      const times = seenBy.get(id) ?? []
      fanouts.push(times.length === FANOUT ? Math.max(...times) - started : Number.POSITIVE_INFINITY)
    }
    log(
      `one broadcast to ${FANOUT} subscribers: all reached in ${fanouts.map((t) => round(t)).join(', ')} ms (budget ≤ 1,000 ms)`,
    )
    for (const ws of sockets.splice(0)) ws.terminate()
    await sleep(500)

    // 3. IDLE idle clients, each with one joined private channel.
    const before = rssMb(pid)
    for (let i = 0; i < IDLE; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, IDLE - i) }, () =>
          rawSubscriber(`user:${hunter.id}`, hunter.token),
        ),
      )
      sockets.push(...batch)
    }
    await sleep(2_000)
    const after = rssMb(pid)
    log(
      `${IDLE} idle clients: stack RSS ${before} MB before, ${after} MB with them (+${round(after - before)} MB; budget ≤ 300 MB)`,
    )
  } finally {
    for (const ws of sockets) ws.terminate()
    stack.kill('SIGINT')
    await new Promise((resolve) => stack.once('exit', resolve))
  }
}

const timer = setTimeout(() => {
  log(`gave up after ${TIMEOUT_MS} ms`)
  process.exit(1)
}, TIMEOUT_MS)
timer.unref()
await main().catch((error: Error) => {
  log(`failed: ${error.message}`)
  process.exitCode = 1
})
process.exit()
