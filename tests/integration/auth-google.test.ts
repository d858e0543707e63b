import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { pkceClient, signedInUser, withDatabase } from './support/clients'

const APP = 'http://localhost:25173/auth/callback'

/** Follows /authorize to the chooser page, as a browser would. */
async function openChooser(
  authorizeUrl: string,
): Promise<{ chooserUrl: string; html: string; state: string }> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' })
  expect(res.status).toBe(302)
  const chooserUrl = new URL(res.headers.get('location') ?? '', authorizeUrl).toString()
  const page = await fetch(chooserUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? ''
  return { chooserUrl, html, state }
}

/** Submits the chooser form and returns where it redirects. */
async function choose(chooserUrl: string, fields: Record<string, string>): Promise<Response> {
  return fetch(new URL('/auth/v1/chooser', chooserUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

const newEmail = () => `google-${randomUUID().slice(0, 8)}@example.com`

describe('Google sign-in through the local account chooser', () => {
  it('shows an accessible chooser with Email and Name fields and a Continue button', async () => {
    const { data } = await pkceClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const { html } = await openChooser(data.url ?? '')
    expect(html).toContain('<label for="email">Email</label>')
    expect(html).toContain('<input id="email" name="email" type="email"')
    expect(html).toContain('<label for="name">Name</label>')
    expect(html).toContain('<button type="submit">Continue</button>')
    expect(html).toContain('<html lang="en">')
  })

  it('completes the PKCE flow: 302 to redirect_to with ?code=, exchanged by supabase-js for a session', async () => {
    const client = pkceClient()
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    expect(data.url).toContain('code_challenge_method=s256')
    const { chooserUrl: chooser, state } = await openChooser(data.url ?? '')
    const email = newEmail()
    const done = await choose(chooser, { state, email, name: 'Gina Google' })
    expect(done.status).toBe(302)
    const back = new URL(done.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(APP)
    const code = back.searchParams.get('code') ?? ''
    expect(code).toMatch(/^[0-9a-f-]{36}$/)

    const exchanged = await client.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    const user = exchanged.data.user
    expect(user?.email).toBe(email)
    expect(user?.app_metadata).toEqual({ provider: 'google', providers: ['google'] })
    expect(user?.user_metadata).toMatchObject({
      iss: 'https://www.googleapis.com/userinfo/v2/me',
      name: 'Gina Google',
      full_name: 'Gina Google',
      email,
      email_verified: true,
    })
    expect(user?.identities?.[0]?.provider).toBe('google')
    const claims = JSON.parse(
      Buffer.from(exchanged.data.session?.access_token.split('.')[1] ?? '', 'base64url').toString(),
    )
    expect(claims.amr[0].method).toBe('oauth')

    // A code works once.
    const reuse = await pkceClient().auth.exchangeCodeForSession(code)
    expect(reuse.error).not.toBeNull()
  })

  it('refuses an exchange with the wrong verifier (bad_code_verifier) and an unknown code (flow_state_not_found)', async () => {
    const client = pkceClient()
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP } })
    const { chooserUrl, state } = await openChooser(data.url ?? '')
    const done = await choose(chooserUrl, { state, email: newEmail(), name: 'Wrong Verifier' })
    const code = new URL(done.headers.get('location') ?? '').searchParams.get('code')
    const post = (body: object) =>
      fetch(`${inject('apiUrl')}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const wrong = await post({ auth_code: code, code_verifier: 'a'.repeat(112) })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).code).toBe('bad_code_verifier')
    const unknown = await post({ auth_code: randomUUID(), code_verifier: 'a'.repeat(112) })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).code).toBe('flow_state_not_found')
  })

  it('completes the implicit flow with the session in the hash', async () => {
    const url = `${inject('apiUrl')}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(APP)}`
    const { chooserUrl, state } = await openChooser(url)
    const done = await choose(chooserUrl, { state, email: newEmail(), name: 'Ivan Implicit' })
    const location = done.headers.get('location') ?? ''
    expect(location.startsWith(`${APP}#`)).toBe(true)
    const hash = new URLSearchParams(location.split('#')[1])
    expect(hash.get('token_type')).toBe('bearer')
    expect(hash.get('refresh_token')).toBeTruthy()
    const me = await fetch(`${inject('apiUrl')}/auth/v1/user`, {
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${hash.get('access_token')}` },
    })
    expect((await me.json()).user_metadata.full_name).toBe('Ivan Implicit')
  })

  it('links a Google account whose email is already registered to that user', async () => {
    const existing = await signedInUser('Email First')
    const client = pkceClient()
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP } })
    const { chooserUrl, state } = await openChooser(data.url ?? '')
    const done = await choose(chooserUrl, { state, email: existing.email, name: 'Email First' })
    const code = new URL(done.headers.get('location') ?? '').searchParams.get('code') ?? ''
    const { data: session } = await client.auth.exchangeCodeForSession(code)
    expect(session.user?.id).toBe(existing.id)
    expect(session.user?.app_metadata.providers).toEqual(['email', 'google'])
    const providers = await withDatabase(async (db) => {
      const { rows } = await db.query(
        'select provider from auth.identities where user_id = $1 order by provider',
        [existing.id],
      )
      return rows.map((r) => r.provider)
    })
    expect(providers).toEqual(['email', 'google'])
  })

  it('sends a redirect_to outside the allow-list to the site URL instead', async () => {
    const url = `${inject('apiUrl')}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example.com/steal')}`
    const { chooserUrl, state } = await openChooser(url)
    const done = await choose(chooserUrl, { state, email: newEmail(), name: 'Safe Redirect' })
    expect(done.headers.get('location')?.startsWith('https://evil.example.com')).toBe(false)
    expect(done.headers.get('location')).toMatch(/^http:\/\/localhost:\d+#access_token=/)
  })

  it('answers with the chooser URL as JSON when asked not to redirect (skip_http_redirect)', async () => {
    const url = `${inject('apiUrl')}/auth/v1/authorize?provider=google&skip_http_redirect=true`
    const res = await fetch(url, { redirect: 'manual' })
    expect(res.status).toBe(200)
    expect((await res.json()).url).toMatch(/\/auth\/v1\/chooser\?state=/)
  })

  it('shows the form again with an error for an invalid email, and refuses a forged state', async () => {
    const url = `${inject('apiUrl')}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(APP)}`
    const { chooserUrl, state } = await openChooser(url)
    const bad = await choose(chooserUrl, { state, email: 'nope', name: 'X' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('role="alert"')
    const forged = await choose(chooserUrl, { state: 'forged', email: newEmail(), name: 'X' })
    expect(forged.status).toBe(400)
  })

  it('refuses a provider that is not enabled', async () => {
    const res = await fetch(`${inject('apiUrl')}/auth/v1/authorize?provider=github`, { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('validation_failed')
  })
})
