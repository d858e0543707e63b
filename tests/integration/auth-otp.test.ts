import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { anonClient, serviceClient, signedInUser, withDatabase } from './support/clients'
import { type OwnApi, startOwnApi } from './support/own-api'

const newEmail = () => `otp-${randomUUID().slice(0, 8)}@example.com`

type Summary = { ID: string; To: { Address: string }[]; Subject: string }
type Mail = { Subject: string; Text: string }

async function mailsTo(address: string): Promise<Summary[]> {
  const list = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()) as { messages: Summary[] }
  return list.messages.filter((m) => m.To.some((to) => to.Address === address))
}

async function latestMailTo(address: string): Promise<Mail> {
  const [summary] = await mailsTo(address)
  if (!summary) throw new Error(`no email to ${address}`)
  return (await fetch(`${inject('mailUrl')}/api/v1/message/${summary.ID}`)).json()
}

const codeIn = (mail: Mail) => /code: (\d{6})/.exec(mail.Text)?.[1] ?? ''
const linkIn = (mail: Mail) => /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0] ?? ''

function clientOf(api: OwnApi): SupabaseClient {
  return createClient(api.url, api.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

describe('email OTP (signInWithOtp)', () => {
  it('mails a known user a code that verifyOtp type email turns into a session', async () => {
    const user = await signedInUser('Code Reader')
    const sent = await anonClient().auth.signInWithOtp({ email: user.email })
    expect(sent.error).toBeNull()
    const mail = await latestMailTo(user.email)
    expect(mail.Subject).toBe('Your Roost sign-in link')
    const verified = await anonClient().auth.verifyOtp({
      email: user.email,
      token: codeIn(mail),
      type: 'email',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.id).toBe(user.id)
    expect(verified.data.session?.access_token).toBeTruthy()
    // Used once.
    const again = await anonClient().auth.verifyOtp({ email: user.email, token: codeIn(mail), type: 'email' })
    expect(again.error?.code).toBe('otp_expired')
  })

  it('the mailed link signs in through GET /verify (type magiclink)', async () => {
    const user = await signedInUser('Link Clicker')
    await anonClient().auth.signInWithOtp({
      email: user.email,
      options: { emailRedirectTo: 'http://localhost:5173/signed-in' },
    })
    const opened = await fetch(linkIn(await latestMailTo(user.email)), { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = opened.headers.get('location') ?? ''
    expect(location.startsWith('http://localhost:5173/signed-in#')).toBe(true)
    expect(new URLSearchParams(location.split('#')[1]).get('type')).toBe('magiclink')
  })

  it('signs up an unknown address with its data, unless shouldCreateUser is false (422 otp_disabled)', async () => {
    const email = newEmail()
    const refused = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(refused.error?.status).toBe(422)
    expect(refused.error?.code).toBe('otp_disabled')
    expect(await mailsTo(email)).toEqual([])

    const sent = await anonClient().auth.signInWithOtp({ email, options: { data: { name: 'New By Code' } } })
    expect(sent.error).toBeNull()
    const verified = await anonClient().auth.verifyOtp({
      email,
      token: codeIn(await latestMailTo(email)),
      type: 'email',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.user_metadata.name).toBe('New By Code')
  })

  it('a wrong code is refused with otp_expired and a bad email with validation_failed', async () => {
    const user = await signedInUser()
    await anonClient().auth.signInWithOtp({ email: user.email })
    const code = codeIn(await latestMailTo(user.email))
    const wrong = code === '000000' ? '000001' : '000000'
    const refused = await anonClient().auth.verifyOtp({ email: user.email, token: wrong, type: 'email' })
    expect(refused.error?.code).toBe('otp_expired')
    const bad = await anonClient().auth.signInWithOtp({ email: 'nope' })
    expect(bad.error?.code).toBe('validation_failed')
  })
})

describe('/resend', () => {
  it('mails an unconfirmed user the confirmation again; its code confirms them', async () => {
    const email = newEmail()
    await serviceClient().auth.admin.createUser({ email, password: 'confirm-me-later' })
    const sent = await anonClient().auth.resend({ type: 'signup', email })
    expect(sent.error).toBeNull()
    const mail = await latestMailTo(email)
    expect(mail.Subject).toBe('Confirm your Roost account')
    const verified = await anonClient().auth.verifyOtp({ email, token: codeIn(mail), type: 'signup' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email_confirmed_at).toBeTruthy()
  })

  it('answers {} and sends nothing for a confirmed or unknown address', async () => {
    const user = await signedInUser()
    const before = (await mailsTo(user.email)).length
    expect((await anonClient().auth.resend({ type: 'signup', email: user.email })).error).toBeNull()
    expect((await mailsTo(user.email)).length).toBe(before)
    const unknown = newEmail()
    expect((await anonClient().auth.resend({ type: 'signup', email: unknown })).error).toBeNull()
    expect(await mailsTo(unknown)).toEqual([])
  })

  it('refuses an unknown type', async () => {
    const res = await fetch(`${inject('apiUrl')}/auth/v1/resend`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'carrier-pigeon', email: newEmail() }),
    })
    expect(res.status).toBe(400)
  })
})

describe('with Auth rate limits and secure password change on', () => {
  let api: OwnApi
  beforeAll(async () => {
    api = await startOwnApi({ LOCAL_AUTH_SECURE_PASSWORD_CHANGE: 'on' })
  })
  afterAll(async () => {
    await api.close()
  })

  it('sends one email a minute per address: a second OTP is refused with 429 over_email_send_rate_limit', async () => {
    const user = await signedInUser()
    const first = await clientOf(api).auth.signInWithOtp({ email: user.email })
    expect(first.error).toBeNull()
    const second = await clientOf(api).auth.signInWithOtp({ email: user.email })
    expect(second.error?.status).toBe(429)
    expect(second.error?.code).toBe('over_email_send_rate_limit')
    const resent = await clientOf(api).auth.resend({ type: 'signup', email: user.email })
    expect(resent.error?.code).toBe('over_email_send_rate_limit')
  })

  async function oldSession() {
    const email = newEmail()
    const c = clientOf(api)
    const { data } = await c.auth.signUp({ email, password: 'the-first-password' })
    await withDatabase((db) =>
      db.query(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [
        data.user?.id,
      ]),
    )
    return { c, email }
  }

  it('a session older than a day changes the password only with the nonce /reauthenticate mailed', async () => {
    const { c, email } = await oldSession()
    const refused = await c.auth.updateUser({ password: 'the-second-password' })
    expect(refused.error?.code).toBe('reauthentication_needed')
    const wrong = await c.auth.updateUser({ password: 'the-second-password', nonce: '123456' })
    expect(wrong.error?.code).toBe('reauthentication_not_valid')

    expect((await c.auth.reauthenticate()).error).toBeNull()
    const mail = await latestMailTo(email)
    expect(mail.Subject).toBe('Confirm it is you')
    const changed = await c.auth.updateUser({ password: 'the-second-password', nonce: codeIn(mail) })
    expect(changed.error).toBeNull()
    const signIn = await clientOf(api).auth.signInWithPassword({ email, password: 'the-second-password' })
    expect(signIn.error).toBeNull()
    // The nonce works once.
    const reused = await c.auth.updateUser({ password: 'the-third-password', nonce: codeIn(mail) })
    expect(reused.error?.code).toBe('reauthentication_not_valid')
  })

  it('a fresh session changes the password without a nonce', async () => {
    const c = clientOf(api)
    await c.auth.signUp({ email: newEmail(), password: 'the-first-password' })
    expect((await c.auth.updateUser({ password: 'the-second-password' })).error).toBeNull()
  })
})

describe('with secure password change off (the default)', () => {
  it('even an old session changes the password without a nonce', async () => {
    const user = await signedInUser()
    await withDatabase((db) =>
      db.query(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [
        user.id,
      ]),
    )
    expect((await user.client.auth.updateUser({ password: 'another-password' })).error).toBeNull()
  })
})
