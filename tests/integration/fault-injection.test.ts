import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY, PROJECT_DIR } from '@roost/local-supabase/config'
import { relocatedClusterDir, removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Crashes, as `npm start` would meet them: Postgres killed whole, one Postgres backend killed, the Node
 * process killed, each in the middle of a burst of inserts from several clients. Every insert that was
 * answered 201 must be there after the next start. The stack runs with its defaults (durable).
 */

const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)
const ports = { api: 22321 + offset, db: 22322 + offset, mail: 22324 + offset }
const api = `http://127.0.0.1:${ports.api}`
const dataDir = path.join(PROJECT_DIR, '.local', 'test-fault-injection')
const CLIENTS = 6

type Stack = { child: ChildProcess; output: () => string }

function startStack(): Promise<Stack> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOCAL_API_PORT: String(ports.api),
    LOCAL_DB_PORT: String(ports.db),
    LOCAL_MAIL_PORT: String(ports.mail),
    LOCAL_DATA_DIR: dataDir,
    LOCAL_SEED: 'off',
  }
  delete env.LOCAL_DB_DURABILITY
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/local-supabase/src/cli/backend.ts'], {
    cwd: PROJECT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Local stack ready')) resolve({ child, output: () => output })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) =>
      reject(new Error(`backend exited (${code}) before it was ready:\n${output}`)),
    )
  })
}

const clusterDir = () =>
  fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))
    ? path.join(dataDir, 'db')
    : relocatedClusterDir(dataDir)

const postmasterPid = () =>
  Number(fs.readFileSync(path.join(clusterDir(), 'postmaster.pid'), 'utf8').split('\n')[0])

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return
    await sleep(50)
  }
  throw new Error(`timed out waiting for ${what}`)
}

const health = () =>
  fetch(`${api}/health`)
    .then((r) => r.status)
    .catch(() => 0)

async function superuser<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({
    connectionString: `postgres://supabase_admin@127.0.0.1:${ports.db}/postgres`,
  })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

/** Clients inserting listings as fast as they are answered, remembering each one answered 201. */
function burst(token: string, userId: string) {
  const acknowledged: string[] = []
  let running = true
  const insert = async () => {
    const id = randomUUID()
    const res = await fetch(`${api}/rest/v1/listings`, {
      method: 'POST',
      headers: {
        apikey: DEFAULT_ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify({
        id,
        type: 'rent',
        name: 'Crash test flat',
        bedrooms: 1,
        bathrooms: 1,
        location: '1 Test Street, York',
        regular_price: 900,
        user_ref: userId,
        image_urls: [
          `http://127.0.0.1:${ports.api}/storage/v1/object/public/listing-images/${userId}/${id}/0.jpg`,
        ],
        latitude: 53.96,
        longitude: -1.08,
      }),
    }).catch(() => undefined)
    if (res?.status === 201) acknowledged.push(id)
    else await sleep(20)
  }
  const loops = Array.from({ length: CLIENTS }, async () => {
    while (running) await insert()
  })
  return {
    acknowledged,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

describe('a crash loses no answered write', () => {
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    removeRelocatedCluster(dataDir)
  })

  it('survives kill -9 of Postgres, of one backend and of Node mid-burst, and starts again', async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    removeRelocatedCluster(dataDir)
    let stack = await startStack()
    const signup = await fetch(`${api}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: DEFAULT_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash-test-password' }),
    })
    const session = (await signup.json()) as { access_token: string; user: { id: string } }
    // Written for the account by the service role: a burst is far beyond what one account may publish in a day.
    expect(session.access_token).toBeTruthy()
    const writes = burst(DEFAULT_SERVICE_ROLE_KEY, session.user.id)

    // 1. Postgres, whole, mid-burst: /health says so, the API lives on, Postgres comes back.
    await until('the first inserts', () => writes.acknowledged.length >= 20)
    const postmaster = postmasterPid()
    process.kill(postmaster, 'SIGKILL')
    const seen: number[] = []
    await until('the API to report its database back', async () => {
      seen.push(await health())
      return seen.includes(503) && seen.at(-1) === 200
    })
    expect(postmasterPid()).not.toBe(postmaster)
    const afterRestart = writes.acknowledged.length
    await until('inserts after the restart', () => writes.acknowledged.length >= afterRestart + 20)

    // 2. One backend serving the API: Postgres resets every session; the pools reconnect.
    const [backend] = await superuser<{ pid: number }>(
      `select pid from pg_stat_activity where usename = 'authenticator' order by backend_start desc limit 1`,
    )
    process.kill(backend?.pid ?? 0, 'SIGKILL')
    const afterBackend = writes.acknowledged.length
    await until('inserts after the backend was killed', () => writes.acknowledged.length >= afterBackend + 20)
    expect(stack.child.exitCode).toBeNull()

    // 3. Node itself, mid-burst: Postgres must not outlive it, and the next start must work.
    const lastPostmaster = postmasterPid()
    stack.child.kill('SIGKILL')
    await writes.stop()
    await until('Postgres to stop with Node', () => !alive(lastPostmaster))

    stack = await startStack()
    try {
      const ids = writes.acknowledged
      expect(ids.length).toBeGreaterThan(60)
      const found = await superuser<{ n: number }>(
        'select count(*)::int as n from public.listings where id = any($1)',
        [ids],
      )
      expect(found[0]?.n).toBe(ids.length)
      expect(await health()).toBe(200)
    } finally {
      await new Promise((resolve) => {
        stack.child.once('exit', resolve)
        stack.child.kill('SIGINT')
      })
    }
  }, 120_000)
})
