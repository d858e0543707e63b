import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { signJwtSync } from '@roost/local-supabase/core/jwt'
import { FUNCTION_HOST } from '@roost/local-supabase/functions/runtime'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type FunctionsStack, startFunctionsStack } from './support/functions-stack'
import { type PushService, startPushService } from './support/push-service'

// The local stack runs supabase/functions/<name>/index.ts in real Deno at /functions/v1/<name>, with
// Supabase's gateway rules. These tests serve the fixture project (packages/local-supabase/test-project).

type Echo = {
  method: string
  path: string
  search: string
  authorization: string | null
  apikey: string | null
  contentType: string | null
  body: string | null
  env: Record<string, string | null>
  pid: number
}

let stack: FunctionsStack
let push: PushService
beforeAll(async () => {
  // In the stack's environment, never in its functions'.
  process.env.ROOST_STACK_ONLY = 'stack'
  ;[stack, push] = await Promise.all([startFunctionsStack(), startPushService()])
})
afterAll(async () => {
  await stack?.stop()
  await push?.close()
})

const url = (path: string) => `${stack.config.apiUrl}/functions/v1/${path}`
const anon = () =>
  createClient(stack.config.apiUrl, stack.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket, which supabase-js insists on for realtime (unused here).
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('/functions/v1/<name>', () => {
  it('runs the function in Deno with the caller’s headers, as supabase-js invokes it', async () => {
    const { data, error } = await anon().functions.invoke<Echo>('echo', { body: { hello: 'world' } })
    expect(error).toBeNull()
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      authorization: `Bearer ${stack.config.anonKey}`,
      apikey: stack.config.anonKey,
      contentType: 'application/json',
      body: JSON.stringify({ hello: 'world' }),
    })
    // Deno's own process, not Node's.
    expect(data?.pid).not.toBe(process.pid)
    expect(stack.functions.pids()).toContain(data?.pid)
  })

  it('passes the path below the function’s name, the query and the method', async () => {
    const response = await fetch(url('echo/listings/42?fields=id&x=1'), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${stack.config.serviceRoleKey}` },
      body: 'plain',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      method: 'PATCH',
      path: '/echo/listings/42',
      search: '?fields=id&x=1',
      body: 'plain',
    })
  })

  it('gives the function Supabase’s variables, the VAPID keys and the secrets, and nothing else of the stack’s', async () => {
    const { data } = await anon().functions.invoke<Echo>('echo', { method: 'GET' })
    expect(data?.env).toEqual({
      SUPABASE_URL: stack.config.apiUrl,
      SUPABASE_ANON_KEY: stack.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.config.serviceRoleKey,
      SUPABASE_DB_URL: expect.stringMatching(/^postgres(ql)?:\/\/postgres:/),
      VAPID_PUBLIC_KEY: stack.vapidKeys.publicKey,
      VAPID_PRIVATE_KEY: stack.vapidKeys.privateKey,
      VAPID_SUBJECT: stack.config.vapidSubject,
      PUSH_ALLOW_LOOPBACK: 'on',
      ECHO_SECRET: 'from functions/.env',
      HOME: null,
      ROOST_STACK_ONLY: null,
    })
    // The database URL works, as the project's own role (not a superuser), as on hosted Supabase.
    const db = new pg.Client({ connectionString: data?.env.SUPABASE_DB_URL ?? '' })
    await db.connect()
    try {
      const { rows } = await db.query<{ user: string; super: string }>(
        `select current_user as user, current_setting('is_superuser') as super`,
      )
      expect(rows[0]).toEqual({ user: 'postgres', super: 'off' })
    } finally {
      await db.end()
    }
  })

  it('reaches the database through SUPABASE_DB_URL with npm:pg from node_modules', async () => {
    const response = await fetch(url('db'), { headers: { authorization: `Bearer ${stack.config.anonKey}` } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ user: 'postgres', listings: expect.any(Number) })
  })

  it('passes a signed-in person’s token to the function', async () => {
    const client = anon()
    const email = `fn-${Date.now()}@example.com`
    const { data: signUp, error } = await client.auth.signUp({ email, password: 'correct-horse-battery' })
    expect(error).toBeNull()
    const { data } = await client.functions.invoke<Echo>('echo', { body: {} })
    expect(data?.authorization).toBe(`Bearer ${signUp.session?.access_token}`)
  })

  it('answers 405 for a method Supabase does not pass to functions', async () => {
    const response = await fetch(url('echo'), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${stack.config.anonKey}` },
    })
    expect(response.status).toBe(405)
  })

  it('answers 404 NOT_FOUND for a function the project does not have, and for _shared code', async () => {
    for (const name of ['nope', '_shared', '..%2Fecho']) {
      const response = await fetch(url(name), {
        headers: { authorization: `Bearer ${stack.config.anonKey}` },
      })
      expect(response.status).toBe(404)
      expect(response.headers.get('sb-error-code')).toBe('NOT_FOUND')
      expect(await response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      })
    }
  })
})

describe('verify_jwt', () => {
  it('refuses a call without a valid JWT when verify_jwt is on (the default), as Supabase’s gateway does', async () => {
    const otherSecret = signJwtSync(
      { role: 'anon', exp: 1983812996 },
      'another-secret-of-at-least-32-characters',
    )
    const cases: [Record<string, string>, string][] = [
      [{}, 'Missing authorization header'],
      [{ apikey: stack.config.anonKey }, 'Missing authorization header'],
      [{ authorization: stack.config.anonKey }, "Auth header is not 'Bearer {token}'"],
      [{ authorization: 'Bearer not-a-jwt' }, 'Invalid JWT'],
      [{ authorization: `Bearer ${otherSecret}` }, 'Invalid JWT'],
      [{ authorization: 'Bearer sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' }, 'Invalid JWT'],
    ]
    for (const [headers, message] of cases) {
      const response = await fetch(url('echo'), { method: 'POST', headers, body: '{}' })
      expect(response.status, JSON.stringify(headers)).toBe(401)
      expect(await response.json()).toEqual({ code: 401, message })
    }
    const expired = signJwtSync(
      { role: 'anon', exp: Math.floor(Date.now() / 1000) - 3600 },
      stack.config.jwtSecret,
    )
    const response = await fetch(url('echo'), { headers: { authorization: `Bearer ${expired}` } })
    expect(response.status).toBe(401)
  })

  it('lets any caller in when config.toml says verify_jwt = false', async () => {
    const response = await fetch(url('open'), { method: 'POST' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ open: true, authorization: null })
  })
})

describe('CORS', () => {
  it('answers the browser’s preflight and marks responses readable cross-origin, like the rest of the API', async () => {
    const origin = 'http://localhost:4173'
    const preflight = await fetch(url('echo'), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
      expect(allowed).toContain(header)
    }
    const response = await fetch(url('echo'), {
      method: 'POST',
      headers: { origin, authorization: `Bearer ${stack.config.anonKey}` },
      body: '{}',
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  })
})

describe('a function that fails', () => {
  const call = (path: string, method = 'GET') =>
    fetch(url(path), { method, headers: { authorization: `Bearer ${stack.config.anonKey}` } })

  it('answers 500 WORKER_ERROR when the process dies mid-request, and runs again on the next request', async () => {
    const before = (await (await call('crash')).json()) as { pid: number }
    const crashed = await call('crash/exit', 'POST')
    expect(crashed.status).toBe(500)
    expect(crashed.headers.get('sb-error-code')).toBe('WORKER_ERROR')
    expect(await crashed.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
    await expect.poll(() => alive(before.pid)).toBe(false)
    const after = await call('crash')
    expect(after.status).toBe(200)
    const { pid } = (await after.json()) as { pid: number }
    expect(pid).not.toBe(before.pid)
  })

  it('answers 500 WORKER_ERROR for an exception the handler throws', async () => {
    const response = await call('crash/throw')
    expect(response.status).toBe(500)
    expect(response.headers.get('sb-error-code')).toBe('WORKER_ERROR')
  })

  it('answers 503 BOOT_ERROR for a function that fails while loading; the others carry on', async () => {
    const response = await call('boot-error', 'POST')
    expect(response.status).toBe(503)
    expect(response.headers.get('sb-error-code')).toBe('BOOT_ERROR')
    expect(await response.json()).toEqual({
      code: 'BOOT_ERROR',
      message: 'Function failed to start (please check logs)',
    })
    expect((await call('echo')).status).toBe(200)
  })
})

describe('Web Push from a function', () => {
  it('sends with npm:web-push from node_modules and the stack’s VAPID keys to the test push service', async () => {
    const subscription = push.createSubscription()
    const payload = {
      title: '1 new home · Rent',
      body: 'Bright flat',
      url: '/search?from=x',
      tag: 'saved-search-x',
    }
    const response = await fetch(url('push'), {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription, payload }),
    })
    expect(await response.json()).toEqual({ status: 201 })
    const [message] = await push.waitForMessages(subscription.endpoint)
    expect(message).toMatchObject({
      json: payload,
      ttl: 600,
      urgency: 'high',
      vapidPublicKey: stack.vapidKeys.publicKey,
      subject: stack.config.vapidSubject,
    })
    expect(push.rejections).toEqual([])
  })
})

describe('stopping the stack', () => {
  it('ends every Deno process it started', async () => {
    const own = await startFunctionsStack({
      overrides: { apiPort: stack.config.apiPort + 10, mailPort: stack.config.mailPort + 10 },
    })
    try {
      for (const name of ['echo', 'crash', 'tick']) {
        const response = await fetch(`${own.config.apiUrl}/functions/v1/${name}`, {
          headers: { authorization: `Bearer ${own.config.anonKey}` },
        })
        expect(response.status).toBe(200)
      }
    } finally {
      const pids = own.functions.pids()
      expect(pids).toHaveLength(3)
      await own.stop()
      expect(pids.filter(alive)).toEqual([])
      // And ps sees no function host left among this test process's children (what pids() might miss).
      // Other test files run their own stacks at the same time, so hosts are told apart by parent.
      const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
      const hosts = ps
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter(([, ppid, ...args]) => Number(ppid) === process.pid && args.join(' ').includes(FUNCTION_HOST))
        .map(([pid]) => Number(pid))
      expect(hosts.filter((pid) => !stack.functions.pids().includes(pid))).toEqual([])
      fs.rmSync(own.dataDir, { recursive: true, force: true })
    }
  })
})
