import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signedInUser, withDatabase } from './support/clients'
import { requestFrom } from './support/http-from'
import { type OwnApi, startOwnApi } from './support/own-api'

/**
 * Auth as an attacker would try it, against an API with Supabase Auth's default limits (per IP
 * address; each caller here sends from its own loopback address).
 */

let api: OwnApi
beforeAll(async () => {
  api = await startOwnApi()
})
afterAll(async () => {
  await api.close()
})

let nextHost = 20
/** A fresh caller: its own loopback address, so its limits start at zero. */
const newCaller = () => `127.0.0.${nextHost++}`

function auth(from: string, path: string, body?: unknown, method = 'POST') {
  return requestFrom(from, `${api.url}/auth/v1${path}`, {
    method,
    headers: { apikey: api.anonKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

const signIn = (from: string, email: string, password: string) =>
  auth(from, '/token?grant_type=password', { email, password })

async function latestCodeTo(address: string): Promise<string> {
  type Summary = { ID: string; To: { Address: string }[] }
  const list = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()) as { messages: Summary[] }
  const summary = list.messages.find((m) => m.To.some((to) => to.Address === address))
  if (!summary) throw new Error(`no email to ${address}`)
  const mail = (await (await fetch(`${inject('mailUrl')}/api/v1/message/${summary.ID}`)).json()) as {
    Text: string
  }
  return /code: (\d{6})/.exec(mail.Text)?.[1] ?? ''
}

describe('password sign-in limits', () => {
  it('stops one address spraying passwords over many accounts (over_request_rate_limit)', async () => {
    const attacker = newCaller()
    const statuses: number[] = []
    for (let i = 0; i < 30; i += 1) {
      statuses.push(
        (await signIn(attacker, `spray-${i}-${randomUUID().slice(0, 6)}@example.com`, 'guess-guess')).status,
      )
    }
    expect(statuses.every((s) => s === 400)).toBe(true)
    const limited = await signIn(attacker, 'one-more@example.com', 'guess-guess')
    expect(limited.status).toBe(429)
    expect(limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
  })

  it('does not lock the owner out when someone else guesses their password', async () => {
    const owner = await signedInUser('Locked Out')
    const attacker = newCaller()
    for (let i = 0; i < 31; i += 1) await signIn(attacker, owner.email, `wrong-${i}`)
    expect((await signIn(attacker, owner.email, owner.password)).status).toBe(429)
    const fromOwner = await signIn(newCaller(), owner.email, owner.password)
    expect(fromOwner.status).toBe(200)
  })

  it('takes as long for an unknown email as for a wrong password of a real account', async () => {
    const owner = await signedInUser('Timed')
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`
    const timed = async (from: ReturnType<typeof newCaller>, email: string) => {
      const started = performance.now()
      expect((await signIn(from, email, 'not-the-password')).status).toBe(400)
      return performance.now() - started
    }
    // The two kinds of attempt take turns, so a busy moment of the machine slows both alike.
    const [fromKnown, fromUnknown] = [newCaller(), newCaller()]
    const known: number[] = []
    const unknown: number[] = []
    // Fifteen turns each: the median of a few can be one busy moment of the machine's (its suites run side by side).
    for (let i = 0; i < 15; i += 1) {
      known.push(await timed(fromKnown, owner.email))
      unknown.push(await timed(fromUnknown, nobody))
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[7] ?? 0
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5)
  })
})

describe('password recovery', () => {
  it('sends one email per address a minute (over_email_send_rate_limit)', async () => {
    const user = await signedInUser('Impatient')
    const from = newCaller()
    expect((await auth(from, '/recover', { email: user.email })).status).toBe(200)
    const again = await auth(from, '/recover', { email: user.email })
    expect(again.status).toBe(429)
    expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' })
    // An unknown address is limited the same way, so the answer tells nobody which accounts exist.
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`
    expect((await auth(from, '/recover', { email: unknown })).status).toBe(200)
    expect((await auth(from, '/recover', { email: unknown })).status).toBe(429)
  })

  it('voids the emailed code after five wrong guesses, so the right one no longer works', async () => {
    const user = await signedInUser('Guessed')
    expect((await auth(newCaller(), '/recover', { email: user.email })).status).toBe(200)
    const code = await latestCodeTo(user.email)
    expect(code).toMatch(/^\d{6}$/)
    const guesser = newCaller()
    for (let i = 0; i < 5; i += 1) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
      const res = await auth(guesser, '/verify', { type: 'recovery', email: user.email, token: wrong })
      expect(res.status).toBe(403)
    }
    const right = await auth(newCaller(), '/verify', { type: 'recovery', email: user.email, token: code })
    expect(right.status).toBe(403)
    expect(right.json()).toMatchObject({ code: 'otp_expired' })
  })

  it('limits code verifications per address', async () => {
    const from = newCaller()
    const statuses: number[] = []
    for (let i = 0; i < 31; i += 1) {
      const res = await auth(from, '/verify', { type: 'recovery', email: 'x@example.com', token: '000000' })
      statuses.push(res.status)
    }
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('input Supabase Auth refuses', () => {
  it('refuses emails with ? & % < >, quotes, spaces and control characters', async () => {
    for (const email of [
      'me@evil.example?bcc=spy%40evil.example&x=',
      'a&b@example.com',
      '<script>@example.com',
      'a\r\nbcc: x@example.com',
      'a\u0007@example.com',
    ]) {
      const res = await requestFrom('127.0.0.1', `${inject('apiUrl')}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'long-enough-password' }),
      })
      expect(res.status, email).toBe(400)
      expect(res.json()).toMatchObject({ code: 'validation_failed' })
    }
  })

  it('answers NUL bytes in any field with a 400, never a 500', async () => {
    const send = (path: string, body: unknown) =>
      requestFrom('127.0.0.1', `${inject('apiUrl')}/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const cases: [string, unknown][] = [
      ['/signup', { email: 'nul\u0000@example.com', password: 'long-enough-password' }],
      ['/signup', { email: `n-${randomUUID().slice(0, 6)}@example.com`, password: 'pass\u0000word' }],
      [
        '/signup',
        {
          email: `n-${randomUUID().slice(0, 6)}@example.com`,
          password: 'password',
          data: { name: 'a\u0000' },
        },
      ],
      ['/token?grant_type=password', { email: 'a@example.com', password: 'x\u0000' }],
      ['/token?grant_type=refresh_token', { refresh_token: 'abc\u0000' }],
      ['/verify', { type: 'recovery', token_hash: 'abc\u0000' }],
      ['/recover', { email: 'a\u0000@example.com' }],
    ]
    for (const [path, body] of cases) {
      const res = await send(path, body)
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
    }
    const link = await fetch(`${inject('apiUrl')}/auth/v1/verify?type=recovery&token=%00abc`, {
      redirect: 'manual',
    })
    expect(link.status).toBe(400)
  })

  it('refuses oversized bodies and fields instead of storing them', async () => {
    const headers = { apikey: inject('anonKey'), 'content-type': 'application/json' }
    const huge = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: 'big@example.com',
        password: 'long-enough',
        data: { name: 'x'.repeat(100_000) },
      }),
    })
    expect(huge.status).toBe(413)
    const large = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: 'big@example.com',
        password: 'long-enough',
        data: { name: 'x'.repeat(40_000) },
      }),
    })
    expect(large.status).toBe(400)
    const rows = await withDatabase((db) =>
      db.query(`select 1 from auth.users where email = 'big@example.com'`),
    )
    expect(rows.rowCount).toBe(0)
  })
})

describe('the local Google chooser', () => {
  async function chooserState(): Promise<string> {
    const url = `${inject('apiUrl')}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('http://localhost:5173/')}`
    const res = await fetch(url, { redirect: 'manual' })
    return new URL(res.headers.get('location') ?? '').searchParams.get('state') ?? ''
  }
  const choose = (state: string, email: string) =>
    fetch(`${inject('apiUrl')}/auth/v1/chooser`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email, name: 'Replay Target' }),
    })

  it('signs in once per state: a replayed state is refused', async () => {
    const state = await chooserState()
    const first = await choose(state, `replay-${randomUUID().slice(0, 6)}@example.com`)
    expect(first.status).toBe(302)
    const replay = await choose(state, `attacker-${randomUUID().slice(0, 6)}@example.com`)
    expect(replay.status).toBe(400)
    expect(replay.headers.get('location')).toBeNull()
  })

  it('keeps no more flows than can still finish', async () => {
    const challenge = () => randomUUID().replaceAll('-', '').repeat(2)
    const start = (c: string) =>
      fetch(
        `${inject('apiUrl')}/auth/v1/authorize?provider=google&code_challenge=${c}&code_challenge_method=s256`,
        { redirect: 'manual' },
      )
    const abandoned = Array.from({ length: 20 }, challenge)
    for (const c of abandoned) expect((await start(c)).status).toBe(302)
    // Ten minutes later, nobody having finished them:
    await withDatabase((db) =>
      db.query(
        `update auth.flow_state set created_at = now() - interval '10 minutes' where code_challenge = any($1)`,
        [abandoned],
      ),
    )
    await start(challenge())
    const left = await withDatabase((db) =>
      db.query('select 1 from auth.flow_state where code_challenge = any($1)', [abandoned]),
    )
    expect(left.rowCount).toBe(0)
  })
})
