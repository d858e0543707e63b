import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)
const ports = { api: 27321 + offset, db: 27322 + offset, mail: 27324 + offset }
const dataDir = path.join(PROJECT_DIR, '.local', 'test-backend-cli')

type Started = { child: ChildProcess; output: () => string; readyMs: number }

function startBackend(): Promise<Started> {
  const started = performance.now()
  // Node itself (not npx) so that SIGINT reaches the stack as Ctrl-C would.
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/local-supabase/src/cli/backend.ts'], {
    cwd: PROJECT_DIR,
    env: {
      ...process.env,
      LOCAL_API_PORT: String(ports.api),
      LOCAL_DB_PORT: String(ports.db),
      LOCAL_MAIL_PORT: String(ports.mail),
      LOCAL_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Local stack ready')) {
        resolve({ child, output: () => output, readyMs: performance.now() - started })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) =>
      reject(new Error(`backend exited (${code}) before it was ready:\n${output}`)),
    )
  })
}

function stopBackend(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code))
    started.child.kill('SIGINT')
  })
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${ports.db}/postgres` })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

describe('npm run backend', () => {
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    removeRelocatedCluster(dataDir)
  })

  it('starts from an empty data folder, restarts with the data kept, and stops cleanly', async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    removeRelocatedCluster(dataDir)

    const cold = await startBackend()
    expect(cold.output()).toContain(`http://127.0.0.1:${ports.api}`)
    const health = await fetch(`http://127.0.0.1:${ports.api}/health`)
    expect(health.status).toBe(200)
    const applied = await query<{ n: string }>(
      'select count(*)::text as n from supabase_migrations.schema_migrations',
    )
    expect(Number(applied[0]?.n)).toBe(fs.readdirSync(path.join(PROJECT_DIR, 'supabase/migrations')).length)
    await query(
      `create table public.restart_probe (note text); insert into public.restart_probe values ('kept')`,
    )
    expect(await stopBackend(cold)).toBe(0)
    expect(cold.output()).toContain('Stopped.')
    await expect(fetch(`http://127.0.0.1:${ports.api}/health`)).rejects.toThrow()

    const warm = await startBackend()
    expect(warm.output()).not.toContain('creating a Postgres cluster')
    expect(warm.output()).not.toContain('loading the seed')
    expect(await query<{ note: string }>('select note from public.restart_probe')).toEqual([{ note: 'kept' }])
    expect(await stopBackend(warm)).toBe(0)
    console.log(`backend start: cold ${Math.round(cold.readyMs)} ms, warm ${Math.round(warm.readyMs)} ms`)
  }, 120_000)
})
