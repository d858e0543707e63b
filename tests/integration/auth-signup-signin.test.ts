import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, withDatabase } from './support/clients'

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`
const password = 'correct-horse-battery'

/** Raw calls to /auth/v1 with the headers supabase-js sends. */
function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${inject('apiUrl')}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: inject('anonKey'),
      authorization: `Bearer ${inject('anonKey')}`,
      'content-type': 'application/json;charset=UTF-8',
      'x-supabase-api-version': '2024-01-01',
      ...init.headers,
    },
  })
}

describe('sign-up', () => {
  // Records what an AFTER INSERT trigger on auth.users sees, as the profile trigger does.
  beforeAll(async () => {
    await withDatabase(async (db) => {
      await db.query(`create table if not exists public.auth_insert_probe (
        email text, raw_user_meta_data jsonb, role text, email_confirmed_at timestamptz)`)
      await db.query(`create or replace function public.auth_insert_probe() returns trigger
        language plpgsql security definer set search_path = '' as $$
        begin
          if new.email like 'probe-%' then
            insert into public.auth_insert_probe values (new.email, new.raw_user_meta_data, new.role, new.email_confirmed_at);
          end if;
          return new;
        end $$`)
      await db.query(`create or replace trigger auth_insert_probe after insert on auth.users
        for each row execute function public.auth_insert_probe()`)
    })
  })
  afterAll(async () => {
    await withDatabase(async (db) => {
      await db.query('drop trigger if exists auth_insert_probe on auth.users')
      await db.query('drop function if exists public.auth_insert_probe()')
      await db.query('drop table if exists public.auth_insert_probe')
    })
  })

  it('returns a session at once, because the local mailer auto-confirms', async () => {
    const email = uniqueEmail('signup')
    const { data, error } = await anonClient().auth.signUp({
      email,
      password,
      options: { data: { name: 'Ada Lovelace' } },
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.session?.refresh_token).toBeTruthy()
    expect(data.user?.email).toBe(email)
    expect(data.user?.user_metadata).toMatchObject({
      name: 'Ada Lovelace',
      email,
      email_verified: true,
      sub: data.user?.id,
    })
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: data.user?.id })
  })

  it('stores the user in auth.users with its email identity', async () => {
    const email = uniqueEmail('stored')
    const { data } = await anonClient().auth.signUp({
      email,
      password,
      options: { data: { name: 'Grace Hopper' } },
    })
    const rows = await withDatabase(async (db) => {
      const user = await db.query(
        'select email, role, aud, encrypted_password, email_confirmed_at, raw_user_meta_data from auth.users where id = $1',
        [data.user?.id],
      )
      const identities = await db.query(
        'select provider, provider_id from auth.identities where user_id = $1',
        [data.user?.id],
      )
      return { user: user.rows[0], identities: identities.rows }
    })
    expect(rows.user).toMatchObject({ email, role: 'authenticated', aud: 'authenticated' })
    expect(rows.user.encrypted_password).toMatch(/^\$argon2id\$/)
    expect(rows.user.email_confirmed_at).not.toBeNull()
    expect(rows.user.raw_user_meta_data.name).toBe('Grace Hopper')
    expect(rows.identities).toEqual([{ provider: 'email', provider_id: data.user?.id }])
  })

  it('inserts the user first with the raw sign-up data, as GoTrue does, so insert triggers see the name', async () => {
    const email = uniqueEmail('probe')
    await anonClient().auth.signUp({ email, password, options: { data: { name: 'Probe Person' } } })
    const seen = await withDatabase(async (db) => {
      const { rows } = await db.query('select * from public.auth_insert_probe where email = $1', [email])
      return rows[0]
    })
    expect(seen.raw_user_meta_data).toEqual({ name: 'Probe Person' })
    expect(seen.role).toBe('')
    expect(seen.email_confirmed_at).toBeNull()
  })

  it('refuses an email that is already registered (user_already_exists, 422)', async () => {
    const email = uniqueEmail('twice')
    await anonClient().auth.signUp({ email, password })
    const { error } = await anonClient().auth.signUp({ email: email.toUpperCase(), password })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
  })

  it('refuses a password shorter than 6 characters (weak_password, 422)', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('weak_password')
    expect(error?.message).toBe('Password should be at least 6 characters.')
    expect(error).toMatchObject({ name: 'AuthWeakPasswordError', reasons: ['length'] })
  })

  it('refuses an invalid email (validation_failed, 400)', async () => {
    const { error } = await anonClient().auth.signUp({ email: 'not-an-email', password })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
    expect(error?.message).toBe('Unable to validate email address: invalid format')
  })
})

describe('password sign-in', () => {
  it('signs a registered user in with a fresh session', async () => {
    const email = uniqueEmail('signin')
    await anonClient().auth.signUp({ email, password })
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    expect(data.user?.last_sign_in_at).toBeTruthy()
  })

  it('answers a wrong password with invalid_credentials and status 400', async () => {
    const email = uniqueEmail('wrong')
    await anonClient().auth.signUp({ email, password })
    const { data, error } = await anonClient().auth.signInWithPassword({
      email,
      password: 'not-the-password',
    })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('invalid_credentials')
    expect(error?.message).toBe('Invalid login credentials')
  })

  it('answers an unknown email exactly like a wrong password', async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('invalid_credentials')
  })

  it('accepts bcrypt hashes made with pgcrypto, as seed.sql writes them', async () => {
    const email = uniqueEmail('bcrypt')
    const id = randomUUID()
    await withDatabase((db) =>
      db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
           email_change, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
           extensions.crypt('roost-demo', extensions.gen_salt('bf')), now(),
           '{"provider":"email","providers":["email"]}', '{"name":"Seeded"}', '', '', '', '', now(), now())`,
        [id, email],
      ),
    )
    const ok = await anonClient().auth.signInWithPassword({ email, password: 'roost-demo' })
    expect(ok.error).toBeNull()
    expect(ok.data.user?.id).toBe(id)
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'roost-demo!' })
    expect(wrong.error?.code).toBe('invalid_credentials')
  })
})

describe('auth error responses', () => {
  it('carry X-Supabase-Api-Version and a { code, message } body', async () => {
    const res = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('hdr'), password }),
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('answer malformed JSON with a 400, never a 500', async () => {
    const res = await authFetch('/signup', { method: 'POST', body: '{"email": ' })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('bad_json')
    const wrongType = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 42, password }),
    })
    expect(wrongType.status).toBe(400)
    expect((await wrongType.json()).code).toBe('validation_failed')
  })

  it('refuse an unknown grant type', async () => {
    const res = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' })
  })

  it('answer /user without a bearer token with no_authorization (401)', async () => {
    const res = await fetch(`${inject('apiUrl')}/auth/v1/user`, { headers: { apikey: inject('anonKey') } })
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('no_authorization')
  })

  it('answer /user with a forged token with bad_jwt (403)', async () => {
    const res = await authFetch('/user', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.bad' },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('bad_jwt')
  })
})

describe('GET /auth/v1/settings and /health', () => {
  it('reports email and Google enabled and auto-confirmation on', async () => {
    const res = await authFetch('/settings')
    const body = await res.json()
    expect(body.external.email).toBe(true)
    expect(body.external.google).toBe(true)
    expect(body.external.github).toBe(false)
    expect(body.mailer_autoconfirm).toBe(true)
    expect(body.disable_signup).toBe(false)
    expect((await authFetch('/health')).status).toBe(200)
  })
})
