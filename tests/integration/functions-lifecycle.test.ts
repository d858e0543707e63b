import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import { vapidKeysFile } from '@roost/local-supabase/functions/vapid'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type FunctionsStack, startFunctionsStack, TEST_PROJECT } from './support/functions-stack'

// What outlives a function call: the schedule that calls functions, the VAPID keys kept across
// restarts, and no Deno process left once the stack is gone, even when it is killed outright.

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-functions-'))
  dirs.push(dir)
  return dir
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function call<T>(stack: FunctionsStack, name: string, key = stack.config.serviceRoleKey): Promise<T> {
  const response = await fetch(`${stack.config.apiUrl}/functions/v1/${name}`, {
    headers: { authorization: `Bearer ${key}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

type Tick = { at: string; authorization: string | null; body: unknown }

describe('the scheduler', () => {
  it('calls scheduled functions on their schedule with their body and the service role key', async () => {
    const stack = await startFunctionsStack({ scheduler: true, dataDir: tempDir() })
    const started = Date.now()
    try {
      // The fixture's schedule is pg_cron's `1 seconds`.
      await expect
        .poll(async () => (await call<Tick[]>(stack, 'tick')).length, { timeout: 15_000, interval: 500 })
        .toBeGreaterThanOrEqual(3)
      const calls = await call<Tick[]>(stack, 'tick')
      for (const tick of calls) {
        expect(tick.authorization).toBe(`Bearer ${stack.config.serviceRoleKey}`)
        expect(tick.body).toEqual({ mode: 'instant' })
      }
      // Once a second, not more: the first calls may arrive together while the function boots.
      expect(calls.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1)
    } finally {
      await stack.stop()
    }
  })

  it('calls nothing when test configuration turns it off', async () => {
    const stack = await startFunctionsStack({ scheduler: false, dataDir: tempDir() })
    try {
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(await call<Tick[]>(stack, 'tick')).toEqual([])
    } finally {
      await stack.stop()
    }
  })
})

describe('VAPID keys', () => {
  it('are generated on the first start into the data folder and kept across restarts', async () => {
    const dataDir = tempDir()
    const first = await startFunctionsStack({ dataDir })
    const keys = first.vapidKeys
    let env: Record<string, string | null>
    try {
      expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/)
      expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
      env = (await call<{ env: Record<string, string | null> }>(first, 'echo')).env
      expect(env.VAPID_PUBLIC_KEY).toBe(keys.publicKey)
    } finally {
      await first.stop()
    }
    const file = vapidKeysFile(dataDir)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(keys)

    const again = await startFunctionsStack({ dataDir })
    try {
      expect(again.vapidKeys).toEqual(keys)
      const { env: after } = await call<{ env: Record<string, string | null> }>(again, 'echo')
      expect(after.VAPID_PUBLIC_KEY).toBe(keys.publicKey)
      expect(after.VAPID_PRIVATE_KEY).toBe(keys.privateKey)
    } finally {
      await again.stop()
    }

    const elsewhere = await startFunctionsStack({ dataDir: tempDir() })
    await elsewhere.stop()
    expect(elsewhere.vapidKeys.publicKey).not.toBe(keys.publicKey)
  })
})

describe('a stack killed outright', () => {
  it('leaves no Deno process behind', async () => {
    const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)
    const apiPort = 25351 + offset
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/local-supabase/src/cli/backend.ts'],
      {
        cwd: PROJECT_DIR,
        env: {
          ...process.env,
          DATABASE_URL: inject('databaseUrl'),
          LOCAL_DATA_DIR: tempDir(),
          LOCAL_SEED: 'off',
          LOCAL_SUPABASE_DIR: TEST_PROJECT,
          LOCAL_FUNCTIONS_SCHEDULER: 'off',
          LOCAL_API_PORT: String(apiPort),
          LOCAL_MAIL_PORT: String(25354 + offset),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    try {
      let output = ''
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString()
          if (output.includes('Local stack ready')) resolve()
        }
        child.stdout?.on('data', onData)
        child.stderr?.on('data', onData)
        child.once('exit', (code) => reject(new Error(`backend exited (${code}):\n${output}`)))
      })
      const response = await fetch(`http://127.0.0.1:${apiPort}/functions/v1/crash`, {
        headers: { authorization: `Bearer ${inject('anonKey')}` },
      })
      const { pid } = (await response.json()) as { pid: number }
      expect(alive(pid)).toBe(true)
      child.kill('SIGKILL')
      await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false)
    } finally {
      child.kill('SIGKILL')
    }
  })
})
