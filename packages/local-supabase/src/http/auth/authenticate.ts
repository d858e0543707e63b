import type { Context } from 'hono'
import { authErrors } from '../../core/auth/errors'
import { tokenKeysOf, verifyAccessToken } from '../../core/auth/signing-keys'
import { sessionExists } from '../../core/auth/store/session-store'
import type { Sql } from '../../core/auth/store/sql'
import { findUserById, isBanned } from '../../core/auth/store/user-store'
import type { JwtPayload } from '../../core/jwt'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../caller'
import type { AuthContext } from './context'

export type Authenticated = { userId: string; sessionId: string | undefined }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The verified claims of the request's bearer token (401 without one, 403 bad_jwt for a bad one). */
export async function bearerClaims(c: Context, ctx: AuthContext): Promise<JwtPayload> {
  const match = /^bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '')
  const bearer = match?.[1]
  if (!bearer) throw authErrors.noAuthorization()
  // The gateway stands the opaque keys in for the JWTs of their roles, as hosted Supabase's does.
  const { config } = ctx.deps
  const token =
    bearer === SECRET_KEY ? config.serviceRoleKey : bearer === PUBLISHABLE_KEY ? config.anonKey : bearer
  const verified = await verifyAccessToken(token, tokenKeysOf(ctx.deps.config))
  if (!verified.ok) throw authErrors.badJwt(verified.reason)
  return verified.claims
}

/**
 * The signed-in caller of /user, /logout and the other user routes: a valid bearer token whose user
 * still exists and is not banned, and whose session still exists.
 */
export async function authenticate(c: Context, ctx: AuthContext, sql: Sql): Promise<Authenticated> {
  const { sub, session_id: sessionId } = await bearerClaims(c, ctx)
  if (typeof sub !== 'string' || sub === '') throw authErrors.missingSub()
  if (!UUID.test(sub)) throw authErrors.badJwt('invalid sub claim')
  const user = await findUserById(sql, sub)
  if (!user) throw authErrors.userNotFound()
  if (sessionId !== undefined) {
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) throw authErrors.sessionNotFound()
    if (!(await sessionExists(sql, sessionId))) throw authErrors.sessionNotFound()
  }
  if (isBanned(user)) throw authErrors.userBanned()
  return { userId: sub, sessionId: typeof sessionId === 'string' ? sessionId : undefined }
}
