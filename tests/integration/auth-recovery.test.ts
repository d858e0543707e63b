import { describe, expect, inject, it } from 'vitest'
import { anonClient, client, pkceClient, signedInUser } from './support/clients'

const APP = 'http://localhost:5173/reset-password'

type Summary = { ID: string; To: { Address: string }[]; Subject: string }

/** The newest email the outbox holds for `address`, read through the Mailpit-compatible API. */
async function latestMailTo(address: string): Promise<{ Subject: string; Text: string; HTML: string }> {
  const list = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()) as { messages: Summary[] }
  const summary = list.messages.find((m) => m.To.some((to) => to.Address === address))
  if (!summary) throw new Error(`no email to ${address}`)
  return (await fetch(`${inject('mailUrl')}/api/v1/message/${summary.ID}`)).json()
}

const linkIn = (text: string) => /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0] ?? ''

describe('password reset through the outbox', () => {
  it('mails a link that signs in for recovery, after which the new password works', async () => {
    const user = await signedInUser('Forgetful')
    const { data, error } = await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: APP })
    expect(error).toBeNull()
    expect(data).toEqual({})

    const mail = await latestMailTo(user.email)
    expect(mail.Subject).toBe('Reset your Roost password')
    const link = linkIn(mail.Text)
    expect(link).toContain('type=recovery')
    expect(mail.HTML).toContain('Choose a new password')

    const opened = await fetch(link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = opened.headers.get('location') ?? ''
    expect(location.startsWith(`${APP}#`)).toBe(true)
    const hash = new URLSearchParams(location.split('#')[1])
    expect(hash.get('type')).toBe('recovery')
    expect(hash.get('token_type')).toBe('bearer')

    const recovering = client()
    const set = await recovering.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    })
    expect(set.error).toBeNull()
    const updated = await recovering.auth.updateUser({ password: 'my-new-password' })
    expect(updated.error).toBeNull()

    const signIn = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: 'my-new-password',
    })
    expect(signIn.error).toBeNull()
    const old = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(old.error?.code).toBe('invalid_credentials')

    // The link works once: a second click redirects with otp_expired.
    const again = await fetch(link, { redirect: 'manual' })
    expect(again.status).toBe(303)
    const failed = new URLSearchParams((again.headers.get('location') ?? '').split('#')[1])
    expect(failed.get('error_code')).toBe('otp_expired')
    expect(failed.get('error_description')).toBe('Email link is invalid or has expired')
  })

  it('answers {} for an unknown email and sends nothing', async () => {
    const before = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()).total
    const { data, error } = await anonClient().auth.resetPasswordForEmail('nobody-here@example.com')
    expect(error).toBeNull()
    expect(data).toEqual({})
    const after = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()).total
    expect(after).toBe(before)
  })

  it('requires an email (validation_failed)', async () => {
    const { error } = await anonClient().auth.resetPasswordForEmail('')
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
  })

  it('with PKCE, the link 303s to ?code= that the same client exchanges, emitting PASSWORD_RECOVERY', async () => {
    const user = await signedInUser('Pkce Forgetful')
    const pkce = pkceClient()
    const events: string[] = []
    pkce.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    await pkce.auth.resetPasswordForEmail(user.email, { redirectTo: APP })
    const link = linkIn((await latestMailTo(user.email)).Text)
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/)
    const opened = await fetch(link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const code = new URL(opened.headers.get('location') ?? '').searchParams.get('code') ?? ''
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const { data, error } = await pkce.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(events).toContain('PASSWORD_RECOVERY')
    expect((await pkce.auth.updateUser({ password: 'pkce-new-password' })).error).toBeNull()
    const signIn = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: 'pkce-new-password',
    })
    expect(signIn.error).toBeNull()
  })

  it('verifies the emailed code with verifyOtp, once', async () => {
    const user = await signedInUser('Code Reader')
    await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: APP })
    const code = /code: (\d{6})/.exec((await latestMailTo(user.email)).Text)?.[1] ?? ''
    const verified = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.id).toBe(user.id)
    const again = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' })
    expect(again.error?.status).toBe(403)
    expect(again.error?.code).toBe('otp_expired')
  })
})
