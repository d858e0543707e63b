import { randomUUID } from 'node:crypto'
import { PUBLISHABLE_KEY, SECRET_KEY } from '@roost/local-supabase/http/caller'
import { describe, expect, inject, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, withDatabase } from './support/clients'

const newEmail = () => `admin-${randomUUID().slice(0, 8)}@example.com`

type Summary = { ID: string; To: { Address: string }[]; Subject: string }

async function latestMailTo(address: string): Promise<{ Subject: string; Text: string }> {
  const list = (await (await fetch(`${inject('mailUrl')}/api/v1/messages`)).json()) as { messages: Summary[] }
  const summary = list.messages.find((m) => m.To.some((to) => to.Address === address))
  if (!summary) throw new Error(`no email to ${address}`)
  return (await fetch(`${inject('mailUrl')}/api/v1/message/${summary.ID}`)).json()
}

/** GET /auth/v1/user with a raw token: the code Auth answers with, or 'ok'. */
async function userCode(token: string): Promise<string> {
  const res = await fetch(`${inject('apiUrl')}/auth/v1/user`, {
    headers: {
      apikey: inject('anonKey'),
      authorization: `Bearer ${token}`,
      'x-supabase-api-version': '2024-01-01',
    },
  })
  return res.ok ? 'ok' : (await res.json()).code
}

const tokenOf = async (user: {
  client: { auth: { getSession(): Promise<{ data: { session: { access_token: string } | null } }> } }
}) => (await user.client.auth.getSession()).data.session?.access_token ?? ''

const linkIn = (text: string) => /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0] ?? ''

describe('the admin API answers the service role only', () => {
  it('refuses the anon key and a signed-in user with 403 not_admin, as GoTrue does', async () => {
    const user = await signedInUser('Not An Admin')
    for (const admin of [anonClient().auth.admin, user.client.auth.admin]) {
      const listed = await admin.listUsers()
      expect(listed.error?.status).toBe(403)
      expect(listed.error?.code).toBe('not_admin')
      const created = await admin.createUser({ email: newEmail(), password: 'secret-password' })
      expect(created.error?.code).toBe('not_admin')
      const deleted = await admin.deleteUser(user.id)
      expect(deleted.error?.code).toBe('not_admin')
      const link = await admin.generateLink({ type: 'magiclink', email: user.email })
      expect(link.error?.code).toBe('not_admin')
      const invited = await admin.inviteUserByEmail(newEmail())
      expect(invited.error?.code).toBe('not_admin')
    }
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull()
  })

  it('serves the opaque secret key as the service role, and refuses the publishable key', async () => {
    const call = (key: string) =>
      fetch(`${inject('apiUrl')}/auth/v1/admin/users?per_page=1`, {
        headers: { apikey: key, authorization: `Bearer ${key}`, 'x-supabase-api-version': '2024-01-01' },
      })
    expect((await call(SECRET_KEY)).status).toBe(200)
    const refused = await call(PUBLISHABLE_KEY)
    expect(refused.status).toBe(403)
    expect((await refused.json()).code).toBe('not_admin')
  })

  it('refuses a request without a bearer token with 401 no_authorization', async () => {
    const res = await fetch(`${inject('apiUrl')}/auth/v1/admin/users`, {
      headers: { apikey: inject('anonKey'), 'x-supabase-api-version': '2024-01-01' },
    })
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('no_authorization')
  })
})

describe('admin users', () => {
  it('creates a confirmed user with metadata and a password that signs in', async () => {
    const email = newEmail()
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: 'created-by-admin',
      email_confirm: true,
      user_metadata: { name: 'Made By Admin' },
      app_metadata: { plan: 'pro' },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.user_metadata).toEqual({ name: 'Made By Admin', email_verified: true })
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' })
    expect(data.user?.identities?.[0]?.provider).toBe('email')
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'created-by-admin' })
    expect(signIn.error).toBeNull()
    // The insert trigger made the profile from the metadata, as for a sign-up.
    const name = await withDatabase(async (db) => {
      const { rows } = await db.query('select name from public.profiles where id = $1', [data.user?.id])
      return rows[0]?.name
    })
    expect(name).toBe('Made By Admin')
  })

  it('creates an unconfirmed user who cannot sign in until confirmed', async () => {
    const email = newEmail()
    const { data } = await serviceClient().auth.admin.createUser({ email, password: 'not-yet-confirmed' })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    const refused = await anonClient().auth.signInWithPassword({ email, password: 'not-yet-confirmed' })
    expect(refused.error?.code).toBe('email_not_confirmed')
    await serviceClient().auth.admin.updateUserById(data.user?.id ?? '', { email_confirm: true })
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'not-yet-confirmed' })
    expect(signIn.error).toBeNull()
  })

  it('refuses a taken email (422 email_exists), a bad email and a weak password', async () => {
    const user = await signedInUser()
    const admin = serviceClient().auth.admin
    const taken = await admin.createUser({ email: user.email, password: 'whatever-it-is' })
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')
    const bad = await admin.createUser({ email: 'not an email', password: 'whatever-it-is' })
    expect(bad.error?.code).toBe('validation_failed')
    const weak = await admin.createUser({ email: newEmail(), password: '123' })
    expect(weak.error?.code).toBe('weak_password')
    const none = await admin.createUser({ password: 'whatever-it-is' })
    expect(none.error?.message).toBe('Cannot create a user without either an email or phone')
  })

  it('gets a user by id, 404 user_not_found for an unknown id and for a non-uuid', async () => {
    const user = await signedInUser('Looked Up')
    const admin = serviceClient().auth.admin
    const { data, error } = await admin.getUserById(user.id)
    expect(error).toBeNull()
    expect(data.user?.email).toBe(user.email)
    const unknown = await admin.getUserById(randomUUID())
    expect(unknown.error?.status).toBe(404)
    expect(unknown.error?.code).toBe('user_not_found')
    // supabase-js checks the id itself; the server answers a non-uuid as GoTrue does.
    const bad = await fetch(`${inject('apiUrl')}/auth/v1/admin/users/nope`, {
      headers: { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}` },
    })
    expect(bad.status).toBe(404)
  })

  it('lists users page by page with the total and the next and last pages', async () => {
    await Promise.all([1, 2, 3].map(() => signedInUser('Listed')))
    const admin = serviceClient().auth.admin
    const first = await admin.listUsers({ page: 1, perPage: 2 })
    expect(first.error).toBeNull()
    expect(first.data.users).toHaveLength(2)
    const total = (first.data as { total: number }).total
    expect(total).toBeGreaterThanOrEqual(3)
    expect((first.data as { nextPage: number | null }).nextPage).toBe(2)
    const second = await admin.listUsers({ page: 2, perPage: 2 })
    expect(second.data.users).toHaveLength(2)
    const ids = new Set([...first.data.users, ...second.data.users].map((u) => u.id))
    expect(ids.size).toBe(4)
    // Newest first.
    const times = first.data.users.map((u) => Date.parse(u.created_at))
    expect(times[0]).toBeGreaterThanOrEqual(times[1] ?? 0)

    const raw = await fetch(`${inject('apiUrl')}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}` },
    })
    // Other test files sign users up meanwhile: the total only grows.
    expect(Number(raw.headers.get('x-total-count'))).toBeGreaterThanOrEqual(total)
    expect(raw.headers.get('link')).toContain('</admin/users?page=2&per_page=2>; rel="next"')
    // The last page from the header itself: auth-js reads only the first digit of it (as it does from GoTrue's),
    // so its lastPage is right only below ten pages, and other test files add users meanwhile.
    const last = /<\/admin\/users\?page=(\d+)&per_page=2>; rel="last"/.exec(raw.headers.get('link') ?? '')
    expect(Number(last?.[1])).toBe(Math.ceil(Number(raw.headers.get('x-total-count')) / 2))
    const bad = await fetch(`${inject('apiUrl')}/auth/v1/admin/users?page=x`, {
      headers: { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}` },
    })
    expect(bad.status).toBe(400)
  })

  it('updates email, password, metadata and role; a new password ends every session', async () => {
    const user = await signedInUser('Before Update')
    const token = await tokenOf(user)
    const admin = serviceClient().auth.admin
    const email = newEmail()
    const { data, error } = await admin.updateUserById(user.id, {
      email,
      email_confirm: true,
      password: 'set-by-the-admin',
      user_metadata: { name: 'After Update' },
      app_metadata: { role_in_app: 'moderator' },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.user_metadata.name).toBe('After Update')
    expect(data.user?.app_metadata.role_in_app).toBe('moderator')
    expect(await userCode(token)).toBe('session_not_found')
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'set-by-the-admin' })
    expect(signIn.error).toBeNull()
    const profile = await withDatabase(async (db) => {
      const { rows } = await db.query('select email from public.profiles where id = $1', [user.id])
      return rows[0]?.email
    })
    expect(profile).toBe(email)
  })

  it('bans for a duration (no sign-in, no refresh, no /user) and lifts the ban with none', async () => {
    const user = await signedInUser('To Be Banned')
    const { data: before } = await user.client.auth.getSession()
    const admin = serviceClient().auth.admin
    const banned = await admin.updateUserById(user.id, { ban_duration: '24h' })
    expect(banned.error).toBeNull()
    const until = Date.parse(banned.data.user?.banned_until ?? '')
    expect(until - Date.now()).toBeGreaterThan(23 * 3600_000)
    const signIn = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(signIn.error?.code).toBe('user_banned')
    expect((await user.client.auth.getUser()).error?.code).toBe('user_banned')
    const refreshed = await anonClient().auth.refreshSession({
      refresh_token: before.session?.refresh_token ?? '',
    })
    expect(refreshed.error?.code).toBe('user_banned')
    const bad = await admin.updateUserById(user.id, { ban_duration: 'forever' })
    expect(bad.error?.code).toBe('validation_failed')
    const lifted = await admin.updateUserById(user.id, { ban_duration: 'none' })
    expect(lifted.data.user?.banned_until).toBeUndefined()
    const again = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(again.error).toBeNull()
  })
})

describe('deleting a user', () => {
  it('removes the user and their rows, and their tokens stop working at once for Auth, the data API and Storage', async () => {
    const user = await signedInUser('Leaving')
    const before = await user.client.from('profiles').select('name')
    expect(before.data).toEqual([{ name: 'Leaving' }])
    const { error } = await serviceClient().auth.admin.deleteUser(user.id)
    expect(error).toBeNull()

    expect((await serviceClient().auth.admin.getUserById(user.id)).error?.code).toBe('user_not_found')
    const rows = await withDatabase(async (db) => {
      const { rows } = await db.query(
        `select (select count(*) from auth.users where id = $1)::int as users,
                (select count(*) from auth.sessions where user_id = $1)::int as sessions,
                (select count(*) from auth.identities where user_id = $1)::int as identities,
                (select count(*) from public.profiles where id = $1)::int as profiles`,
        [user.id],
      )
      return rows[0]
    })
    expect(rows).toEqual({ users: 0, sessions: 0, identities: 0, profiles: 0 })

    expect((await user.client.auth.getUser()).error?.code).toBe('user_not_found')
    const rest = await user.client.from('profiles').select('name')
    expect(rest.status).toBe(401)
    expect(rest.error?.code).toBe('PGRST303')
    const storage = await user.client.storage.from('listing-images').list(user.id)
    expect(storage.error?.message).toBe('jwt session no longer exists')
    const again = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(again.error?.code).toBe('invalid_credentials')
  })

  it('a signed-out session also stops working for the data API at once', async () => {
    const user = await signedInUser('Signing Out')
    const { data } = await user.client.auth.getSession()
    const token = data.session?.access_token ?? ''
    await user.client.auth.signOut()
    const res = await fetch(`${inject('apiUrl')}/rest/v1/profiles?select=name`, {
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(401)
  })

  it('soft-deletes as GoTrue: the row stays, anonymised, and every session ends', async () => {
    const user = await signedInUser('Soft Leaving')
    const token = await tokenOf(user)
    const { error } = await serviceClient().auth.admin.deleteUser(user.id, true)
    expect(error).toBeNull()
    const { data } = await serviceClient().auth.admin.getUserById(user.id)
    expect(data.user?.deleted_at).toBeTruthy()
    expect(data.user?.email).not.toBe(user.email)
    expect(data.user?.user_metadata).toEqual({})
    expect(await userCode(token)).toBe('session_not_found')
    const again = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(again.error?.code).toBe('invalid_credentials')
  })

  it('answers 404 for an unknown user', async () => {
    const { error } = await serviceClient().auth.admin.deleteUser(randomUUID())
    expect(error?.status).toBe(404)
    expect(error?.code).toBe('user_not_found')
  })
})

describe('generate_link and invite', () => {
  it('a magic link for a known user signs them in through /verify', async () => {
    const user = await signedInUser('Magic')
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'magiclink',
      email: user.email,
      options: { redirectTo: 'http://localhost:5173/welcome' },
    })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('magiclink')
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/)
    expect(data.user?.id).toBe(user.id)
    const opened = await fetch(data.properties?.action_link ?? '', { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = opened.headers.get('location') ?? ''
    expect(location.startsWith('http://localhost:5173/welcome#access_token=')).toBe(true)
  })

  it('the code of a recovery link verifies with verifyOtp', async () => {
    const user = await signedInUser('Recovering')
    const { data } = await serviceClient().auth.admin.generateLink({ type: 'recovery', email: user.email })
    const verified = await anonClient().auth.verifyOtp({
      email: user.email,
      token: data.properties?.email_otp ?? '',
      type: 'recovery',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.id).toBe(user.id)
  })

  it('a signup link creates an unconfirmed user that the hashed token confirms', async () => {
    const email = newEmail()
    const { data } = await serviceClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'signup-by-link',
      options: { data: { name: 'By Link' } },
    })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    const verified = await anonClient().auth.verifyOtp({
      token_hash: data.properties?.hashed_token ?? '',
      type: 'signup',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email_confirmed_at).toBeTruthy()
    expect(
      (await anonClient().auth.signInWithPassword({ email, password: 'signup-by-link' })).error,
    ).toBeNull()
  })

  it('an email change link moves the account to the new address once verified', async () => {
    const user = await signedInUser('Changing')
    const next = newEmail()
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'email_change_new',
      email: user.email,
      newEmail: next,
    })
    expect(error).toBeNull()
    expect(data.user?.new_email).toBe(next)
    const verified = await anonClient().auth.verifyOtp({
      token_hash: data.properties?.hashed_token ?? '',
      type: 'email_change',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(next)
  })

  it('refuses recovery for an unknown email (404) and an unknown type (400)', async () => {
    const admin = serviceClient().auth.admin
    const unknown = await admin.generateLink({ type: 'recovery', email: newEmail() })
    expect(unknown.error?.status).toBe(404)
    const res = await fetch(`${inject('apiUrl')}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: {
        apikey: inject('serviceRoleKey'),
        authorization: `Bearer ${inject('serviceRoleKey')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'teleport', email: newEmail() }),
    })
    expect(res.status).toBe(400)
  })

  it('invites by email: the user waits unconfirmed and the mailed link signs them in', async () => {
    const email = newEmail()
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { name: 'Invited Person' },
      redirectTo: 'http://localhost:5173/accept',
    })
    expect(error).toBeNull()
    expect(data.user?.invited_at).toBeTruthy()
    const mail = await latestMailTo(email)
    expect(mail.Subject).toBe('You have been invited to Roost')
    const opened = await fetch(linkIn(mail.Text), { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const hash = new URLSearchParams((opened.headers.get('location') ?? '').split('#')[1])
    expect(hash.get('type')).toBe('invite')
    expect(hash.get('access_token')).toBeTruthy()
    const again = await serviceClient().auth.admin.inviteUserByEmail(email)
    expect(again.error?.code).toBe('email_exists')
  })
})
