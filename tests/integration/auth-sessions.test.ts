import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { anonClient, signedInUser, withDatabase } from './support/clients'

const refresh = (refreshToken: string) =>
  fetch(`${inject('apiUrl')}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: inject('anonKey'),
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })

const getUser = (accessToken: string) =>
  fetch(`${inject('apiUrl')}/auth/v1/user`, {
    headers: {
      apikey: inject('anonKey'),
      authorization: `Bearer ${accessToken}`,
      'x-supabase-api-version': '2024-01-01',
    },
  })

/** Pretends the token was rotated long ago, past any reuse window. */
const ageToken = (token: string) =>
  withDatabase((db) =>
    db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1`, [
      token,
    ]),
  )

async function freshSession() {
  const { client } = await signedInUser('Session Tester')
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('no session after sign-up')
  return { client, session: data.session }
}

describe('refresh token rotation', () => {
  it('rotates: a refresh gives a new refresh token and a new access token for the same session', async () => {
    const { session } = await freshSession()
    const res = await refresh(session.refresh_token)
    expect(res.status).toBe(200)
    const next = await res.json()
    expect(next.refresh_token).not.toBe(session.refresh_token)
    expect(next.user.id).toBe(session.user.id)
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(claims(next.access_token).session_id).toBe(claims(session.access_token).session_id)
  })

  it('supabase-js refreshSession works and emits a working session', async () => {
    const { client } = await freshSession()
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect((await client.auth.getUser(data.session?.access_token)).data.user?.id).toBe(data.user?.id)
  })

  it('gives the current token back when a parent is reused within the reuse interval (tabs refreshing at once)', async () => {
    const { session } = await freshSession()
    const first = await (await refresh(session.refresh_token)).json()
    const again = await refresh(session.refresh_token)
    expect(again.status).toBe(200)
    expect((await again.json()).refresh_token).toBe(first.refresh_token)
  })

  it('answers several tabs refreshing the same token at once with one and the same new token', async () => {
    const { session } = await freshSession()
    const answers = await Promise.all([1, 2, 3].map(() => refresh(session.refresh_token)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const tokens = new Set(await Promise.all(answers.map(async (a) => (await a.json()).refresh_token)))
    expect(tokens.size).toBe(1)
  })

  it('refuses a parent reused after the interval (refresh_token_already_used) and revokes the family', async () => {
    const { session } = await freshSession()
    const current = await (await refresh(session.refresh_token)).json()
    await ageToken(session.refresh_token)
    const reused = await refresh(session.refresh_token)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    // The token the legitimate holder has is revoked too.
    await ageToken(current.refresh_token)
    const stolen = await refresh(current.refresh_token)
    expect((await stolen.json()).code).toBe('refresh_token_already_used')
  })

  it('refuses an unknown refresh token (refresh_token_not_found)', async () => {
    const res = await refresh(randomUUID())
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('refresh_token_not_found')
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'nope' })
    expect(error?.code).toBe('refresh_token_not_found')
  })
})

describe('access tokens', () => {
  it('carry the GoTrue claims', async () => {
    const { session } = await freshSession()
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString())
    expect(claims).toMatchObject({
      iss: `${inject('apiUrl')}/auth/v1`,
      aud: 'authenticated',
      sub: session.user.id,
      email: session.user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Session Tester' },
    })
    expect(claims.exp - claims.iat).toBe(3600)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('sign-out', () => {
  it('makes the access token unusable on /user (session_not_found, 403)', async () => {
    const { client, session } = await freshSession()
    expect((await getUser(session.access_token)).status).toBe(200)
    const { error } = await client.auth.signOut()
    expect(error).toBeNull()
    const after = await getUser(session.access_token)
    expect(after.status).toBe(403)
    expect(await after.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
    expect((await refresh(session.refresh_token)).status).toBe(400)
  })

  it('answers 204 with an empty body', async () => {
    const { session } = await freshSession()
    const res = await fetch(`${inject('apiUrl')}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${session.access_token}` },
    })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it('scope local ends only this session; scope others ends every other one', async () => {
    const user = await signedInUser('Many Devices')
    const signIn = async () => {
      const c = anonClient()
      const { data } = await c.auth.signInWithPassword({ email: user.email, password: user.password })
      return { c, token: data.session?.access_token ?? '' }
    }
    const a = await signIn()
    const b = await signIn()
    const c = await signIn()
    await a.c.auth.signOut({ scope: 'local' })
    expect((await getUser(a.token)).status).toBe(403)
    expect((await getUser(b.token)).status).toBe(200)
    await b.c.auth.signOut({ scope: 'others' })
    expect((await getUser(b.token)).status).toBe(200)
    expect((await getUser(c.token)).status).toBe(403)
  })
})

describe('updating the user', () => {
  it('merges data into user_metadata (a null deletes a key), stored in auth.users', async () => {
    const { client, id } = await signedInUser('Old Name')
    const { data, error } = await client.auth.updateUser({ data: { name: 'New Name', colour: 'blue' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ name: 'New Name', colour: 'blue' })
    const removed = await client.auth.updateUser({ data: { colour: null } })
    expect(removed.data.user?.user_metadata.colour).toBeUndefined()
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query('select raw_user_meta_data from auth.users where id = $1', [id])
      return rows[0].raw_user_meta_data
    })
    expect(stored.name).toBe('New Name')
    expect(stored).not.toHaveProperty('colour')
  })

  it('applies a new email at once (local auto-confirm) and signs in with it', async () => {
    const user = await signedInUser('Mover')
    const email = `moved-${randomUUID().slice(0, 8)}@example.com`
    const { data, error } = await user.client.auth.updateUser({ email: email.toUpperCase() })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBeUndefined()
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query(
        `select u.email, i.identity_data ->> 'email' as identity_email
         from auth.users u join auth.identities i on i.user_id = u.id and i.provider = 'email' where u.id = $1`,
        [user.id],
      )
      return rows[0]
    })
    expect(stored).toEqual({ email, identity_email: email })
    const again = await anonClient().auth.signInWithPassword({ email, password: user.password })
    expect(again.error).toBeNull()
  })

  it('refuses an email another user has (email_exists, 422)', async () => {
    const taken = await signedInUser('Taken')
    const user = await signedInUser('Wanting')
    const { error } = await user.client.auth.updateUser({ email: taken.email })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('email_exists')
  })

  it('changes the password, refuses the same one (same_password) and ends other sessions', async () => {
    const user = await signedInUser('Changer')
    const other = anonClient()
    const otherSession = await other.auth.signInWithPassword({ email: user.email, password: user.password })
    const same = await user.client.auth.updateUser({ password: user.password })
    expect(same.error?.code).toBe('same_password')
    expect(same.error?.status).toBe(422)
    const { error } = await user.client.auth.updateUser({ password: 'a-brand-new-secret' })
    expect(error).toBeNull()
    expect((await getUser(otherSession.data.session?.access_token ?? '')).status).toBe(403)
    expect((await user.client.auth.getUser()).data.user?.id).toBe(user.id)
    const old = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: 'a-brand-new-secret',
    })
    expect(fresh.error).toBeNull()
  })
})
