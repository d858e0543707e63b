import { Hono } from 'hono'
import { AuthError } from '../../core/auth/errors'
import { publicJwks, tokenKeysOf } from '../../core/auth/signing-keys'
import type { StackDeps } from '../deps'
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser } from './admin'
import { adminGenerateLink, invite } from './admin-links'
import {
  authorize,
  cancelChooser,
  linkIdentity,
  showChooser,
  submitChooser,
  unlinkIdentity,
} from './authorize'
import { authContext } from './context'
import { logout } from './logout'
import { otp, reauthenticate, resend } from './otp'
import { recover } from './recover'
import { handleAuthError } from './respond'
import { settings } from './settings'
import { signup } from './signup'
import { token } from './token'
import { getUser, updateUser } from './user'
import { verifyLink, verifyOtp } from './verify'

/** Routes under /auth/v1: a GoTrue-compatible Auth service that owns the `auth` schema. */
export function authRoutes(deps: StackDeps): Hono {
  const ctx = authContext(deps)
  const app = new Hono()
  app.onError(handleAuthError)
  app.get('/health', (c) =>
    c.json({
      version: 'local',
      name: 'GoTrue',
      description: 'Roost local Supabase Auth (GoTrue-compatible)',
    }),
  )
  app.get('/settings', (c) => c.json(settings({ anonymousSignIns: deps.config.authAnonymousSignIns })))
  app.post('/signup', (c) => signup(c, ctx))
  app.post('/token', (c) => token(c, ctx))
  app.get('/user', (c) => getUser(c, ctx))
  app.put('/user', (c) => updateUser(c, ctx))
  app.post('/logout', (c) => logout(c, ctx))
  app.post('/recover', (c) => recover(c, ctx))
  app.post('/otp', (c) => otp(c, ctx))
  app.post('/resend', (c) => resend(c, ctx))
  app.get('/reauthenticate', (c) => reauthenticate(c, ctx))
  app.get('/verify', (c) => verifyLink(c, ctx))
  app.post('/verify', (c) => verifyOtp(c, ctx))
  app.get('/authorize', (c) => authorize(c, ctx))
  app.get('/user/identities/authorize', (c) => linkIdentity(c, ctx))
  app.delete('/user/identities/:id', (c) => unlinkIdentity(c, ctx))
  app.get('/chooser', (c) => showChooser(c, ctx))
  app.post('/chooser', (c) => submitChooser(c, ctx))
  app.get('/chooser/cancel', (c) => cancelChooser(c, ctx))
  app.get('/admin/users', (c) => adminListUsers(c, ctx))
  app.post('/admin/users', (c) => adminCreateUser(c, ctx))
  app.get('/admin/users/:id', (c) => adminGetUser(c, ctx))
  app.put('/admin/users/:id', (c) => adminUpdateUser(c, ctx))
  app.delete('/admin/users/:id', (c) => adminDeleteUser(c, ctx))
  app.post('/admin/generate_link', (c) => adminGenerateLink(c, ctx))
  app.post('/invite', (c) => invite(c, ctx))
  app.get('/.well-known/jwks.json', (c) =>
    c.json(publicJwks(tokenKeysOf(deps.config)), 200, { 'Cache-Control': 'public, max-age=600' }),
  )
  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'Not Found')
  })
  return app
}
