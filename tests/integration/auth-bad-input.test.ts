import { describe, expect, inject, it } from 'vitest'
import { signedInUser } from './support/clients'

/** Values of every JSON type, and texts that break naive code: each field of each route gets each. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '../../etc/passwd',
  "'; drop table auth.users; --",
  [],
  [1, 'a'],
  {},
  { nested: { deep: [null] } },
]

const ROUTES: { method: string; path: string; fields: string[]; token: 'service' | 'user' | 'anon' }[] = [
  { method: 'GET', path: '/admin/users?page=abc&per_page=-1', fields: [], token: 'service' },
  {
    method: 'POST',
    path: '/admin/users',
    fields: [
      'email',
      'password',
      'user_metadata',
      'app_metadata',
      'email_confirm',
      'ban_duration',
      'id',
      'role',
      'password_hash',
      'phone',
    ],
    token: 'service',
  },
  {
    method: 'PUT',
    path: '/admin/users/00000000-0000-0000-0000-000000000000',
    fields: ['email', 'password', 'ban_duration', 'user_metadata'],
    token: 'service',
  },
  { method: 'DELETE', path: '/admin/users/not-a-uuid', fields: ['should_soft_delete'], token: 'service' },
  {
    method: 'POST',
    path: '/admin/generate_link',
    fields: ['type', 'email', 'new_email', 'password', 'data', 'redirect_to'],
    token: 'service',
  },
  { method: 'POST', path: '/invite', fields: ['email', 'data'], token: 'service' },
  {
    method: 'POST',
    path: '/otp',
    fields: ['email', 'phone', 'data', 'create_user', 'code_challenge', 'code_challenge_method'],
    token: 'anon',
  },
  { method: 'POST', path: '/resend', fields: ['type', 'email', 'phone'], token: 'anon' },
  { method: 'POST', path: '/verify', fields: ['type', 'email', 'token', 'token_hash'], token: 'anon' },
  { method: 'POST', path: '/signup', fields: ['email', 'password', 'data', 'phone'], token: 'anon' },
  { method: 'PUT', path: '/user', fields: ['password', 'nonce', 'email', 'data'], token: 'user' },
  { method: 'GET', path: '/reauthenticate', fields: [], token: 'user' },
  { method: 'GET', path: '/user/identities/authorize?provider=google', fields: [], token: 'user' },
  { method: 'DELETE', path: '/user/identities/not-a-uuid', fields: [], token: 'user' },
]

describe('Auth answers bad input on its new routes with 4xx, never 5xx', () => {
  it('every field of every route, with every odd value, and broken bodies', async () => {
    const user = await signedInUser('Fuzzed')
    const userToken = (await user.client.auth.getSession()).data.session?.access_token ?? ''
    const tokens = { service: inject('serviceRoleKey'), user: userToken, anon: inject('anonKey') }
    const failures: string[] = []
    let sent = 0
    for (const route of ROUTES) {
      const bodies: string[] = ['', 'null', '[]', '{"email":', '"text"', '{"\u0000":1}']
      for (const field of route.fields)
        for (const value of ODD_VALUES) bodies.push(JSON.stringify({ [field]: value }))
      for (const body of bodies) {
        const res = await fetch(`${inject('apiUrl')}/auth/v1${route.path}`, {
          method: route.method,
          headers: {
            apikey: inject('anonKey'),
            authorization: `Bearer ${tokens[route.token]}`,
            'content-type': 'application/json',
          },
          body: route.method === 'GET' ? undefined : body,
        })
        sent++
        if (res.status >= 500)
          failures.push(`${route.method} ${route.path} ${body.slice(0, 80)} → ${res.status}`)
        await res.body?.cancel()
      }
    }
    expect(sent).toBeGreaterThan(500)
    expect(failures).toEqual([])
  }, 120_000)
})
