import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { anonClient, signedInUser } from './support/clients'
import { type OwnApi, startOwnApi } from './support/own-api'

const APP = 'http://localhost:5173/auth/callback'
const newEmail = () => `keys-${randomUUID().slice(0, 8)}@example.com`

function clientOf(api: OwnApi): SupabaseClient {
  return createClient(api.url, api.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** Opens the chooser a link URL leads to, picks an account, and returns where it sends the browser. */
async function chooseGoogleAccount(chooserUrl: string, email: string, name: string): Promise<URL> {
  const page = await (await fetch(chooserUrl)).text()
  const state = /name="state" value="([^"]+)"/.exec(page)?.[1] ?? ''
  const done = await fetch(new URL('/auth/v1/chooser', chooserUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, email, name }),
  })
  expect(done.status).toBe(302)
  return new URL(done.headers.get('location') ?? '')
}

describe('the defaults, as on hosted', () => {
  it('refuses anonymous sign-ins with 422 anonymous_provider_disabled and says so in /settings', async () => {
    const { error } = await anonClient().auth.signInAnonymously()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('anonymous_provider_disabled')
    const settings = await (
      await fetch(`${inject('apiUrl')}/auth/v1/settings`, { headers: { apikey: inject('anonKey') } })
    ).json()
    expect(settings.external.anonymous_users).toBe(false)
  })

  it('refuses identity linking with 404 manual_linking_disabled', async () => {
    const user = await signedInUser()
    const { error } = await user.client.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    expect(error?.code).toBe('manual_linking_disabled')
  })

  it('signs with HS256 and publishes no key', async () => {
    const user = await signedInUser()
    const token = (await user.client.auth.getSession()).data.session?.access_token ?? ''
    expect(decodeProtectedHeader(token).alg).toBe('HS256')
    const jwks = await (await fetch(`${inject('apiUrl')}/auth/v1/.well-known/jwks.json`)).json()
    expect(jwks).toEqual({ keys: [] })
    // getClaims falls back to /user for HS256 tokens, and still answers the claims.
    const { data, error } = await user.client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(user.id)
  })
})

describe('with anonymous sign-ins, manual linking and ES256 signing keys on', () => {
  let api: OwnApi
  beforeAll(async () => {
    api = await startOwnApi({
      LOCAL_AUTH_RATE_LIMITS: 'off',
      LOCAL_AUTH_ANONYMOUS_SIGN_INS: 'on',
      LOCAL_AUTH_MANUAL_LINKING: 'on',
      LOCAL_AUTH_SIGNING_ALGORITHM: 'ES256',
    })
  })
  afterAll(async () => {
    await api.close()
  })

  it('signs in anonymously: an is_anonymous user with a session that reads under RLS', async () => {
    const c = clientOf(api)
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { name: 'Guest' } } })
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(true)
    expect(data.user?.app_metadata).toEqual({ provider: 'anonymous', providers: ['anonymous'] })
    expect(data.user?.identities).toEqual([])
    const claims = (await c.auth.getClaims()).data?.claims
    expect(claims?.is_anonymous).toBe(true)
    expect(claims?.amr).toEqual([expect.objectContaining({ method: 'anonymous' })])
    const profile = await c.from('profiles').select('name').single()
    expect(profile.data).toEqual({ name: 'Guest' })
  })

  it('an anonymous user who adds an email becomes a permanent user', async () => {
    const c = clientOf(api)
    await c.auth.signInAnonymously()
    const email = newEmail()
    const { data, error } = await c.auth.updateUser({ email })
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(false)
    expect(data.user?.email).toBe(email)
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email'])
  })

  it('signs user tokens with ES256, publishes the key, and getClaims verifies them locally', async () => {
    const c = clientOf(api)
    const email = newEmail()
    const { data } = await c.auth.signUp({ email, password: 'es256-password' })
    const token = data.session?.access_token ?? ''
    const header = decodeProtectedHeader(token)
    expect(header.alg).toBe('ES256')
    const jwks = await (await fetch(`${api.url}/auth/v1/.well-known/jwks.json`)).json()
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: header.kid }),
    ])
    const requests: string[] = []
    // supabase-js caches a project's JWKS per storage key: a key of its own makes this client fetch it.
    const watched = createClient(api.url, api.anonKey, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storageKey: `watched-${randomUUID()}`,
      },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: {
        fetch: (input, init) => {
          requests.push(String(input instanceof Request ? input.url : input))
          return fetch(input, init)
        },
      },
    })
    const claims = await watched.auth.getClaims(token)
    expect(claims.error).toBeNull()
    expect(claims.data?.claims.sub).toBe(data.user?.id)
    // Verified with the published key, not by asking /user.
    expect(requests.some((url) => url.endsWith('/auth/v1/.well-known/jwks.json'))).toBe(true)
    expect(requests.some((url) => url.endsWith('/auth/v1/user'))).toBe(false)
  })

  it('the data API and Storage take the ES256 tokens, and the HS256 API keys still', async () => {
    const c = clientOf(api)
    await c.auth.signUp({
      email: newEmail(),
      password: 'es256-password',
      options: { data: { name: 'Elle' } },
    })
    expect((await c.from('profiles').select('name').single()).data).toEqual({ name: 'Elle' })
    expect((await c.storage.from('listing-images').list()).error).toBeNull()
    const asService = createClient(api.url, api.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
    expect((await asService.auth.admin.listUsers({ perPage: 1 })).error).toBeNull()
  })

  it('a project that signs with HS256 refuses the ES256 tokens', async () => {
    const c = clientOf(api)
    const { data } = await c.auth.signUp({ email: newEmail(), password: 'es256-password' })
    const token = data.session?.access_token ?? ''
    const res = await fetch(`${inject('apiUrl')}/rest/v1/profiles?select=name`, {
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(401)
  })

  it('links a Google account to the signed-in user, lists it, and unlinks it', async () => {
    const c = clientOf(api)
    const email = newEmail()
    const { data: signedUp } = await c.auth.signUp({ email, password: 'link-password' })
    const { data, error } = await c.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    expect(error).toBeNull()
    const back = await chooseGoogleAccount(data.url ?? '', `g-${email}`, 'Linked Person')
    expect(`${back.origin}${back.pathname}`).toBe(APP)
    expect(new URLSearchParams(back.hash.slice(1)).get('access_token')).toBeTruthy()

    const identities = await c.auth.getUserIdentities()
    expect(identities.data?.identities.map((i) => i.provider).sort()).toEqual(['email', 'google'])
    const user = (await c.auth.getUser()).data.user
    expect(user?.id).toBe(signedUp.user?.id)
    expect(user?.app_metadata.providers).toEqual(['email', 'google'])

    const google = identities.data?.identities.find((i) => i.provider === 'google')
    if (!google) throw new Error('no google identity')
    expect((await c.auth.unlinkIdentity(google)).error).toBeNull()
    const after = await c.auth.getUserIdentities()
    expect(after.data?.identities.map((i) => i.provider)).toEqual(['email'])
    expect((await c.auth.getUser()).data.user?.app_metadata.providers).toEqual(['email'])

    const last = after.data?.identities[0]
    if (!last) throw new Error('no identity left')
    const refused = await c.auth.unlinkIdentity(last)
    expect(refused.error?.code).toBe('single_identity_not_deletable')
  })

  it('refuses to link a Google account that is already another user’s identity', async () => {
    const first = clientOf(api)
    const googleEmail = `g-${newEmail()}`
    await first.auth.signUp({ email: newEmail(), password: 'link-password' })
    const one = await first.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    await chooseGoogleAccount(one.data.url ?? '', googleEmail, 'First Owner')

    const second = clientOf(api)
    await second.auth.signUp({ email: newEmail(), password: 'link-password' })
    const two = await second.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const back = await chooseGoogleAccount(two.data.url ?? '', googleEmail, 'Second Try')
    const hash = new URLSearchParams(back.hash.slice(1))
    expect(hash.get('error_code')).toBe('identity_already_exists')
    expect(hash.get('error_description')).toBe('Identity is already linked to another user')
    expect((await second.auth.getUserIdentities()).data?.identities.map((i) => i.provider)).toEqual(['email'])
  })
})
