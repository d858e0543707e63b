import type { Context } from 'hono'
import { authErrors } from '../../core/auth/errors'
import { verifyJwt } from '../../core/jwt'
import type { AuthContext } from './context'
import { sessionExists } from './session-store'
import type { Sql } from './sql'
import { findUserById } from './user-store'

export type Authenticated = { userId: string; sessionId: string | undefined }

/** The signed-in caller of /user and /logout: a valid bearer token whose user and session still exist. */
export async function authenticate(c: Context, ctx: AuthContext, sql: Sql): Promise<Authenticated> {
  const match = /^bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '')
  const token = match?.[1]
  if (!token) throw authErrors.noAuthorization()
  const verified = await verifyJwt(token, ctx.deps.config.jwtSecret)
  if (!verified.ok) throw authErrors.badJwt(verified.reason)
  const { sub, session_id: sessionId } = verified.claims
  if (typeof sub !== 'string' || sub === '') throw authErrors.missingSub()
  if (!/^[0-9a-f-]{36}$/i.test(sub)) throw authErrors.badJwt('invalid sub claim')
  if (!(await findUserById(sql, sub))) throw authErrors.userNotFound()
  if (sessionId !== undefined) {
    if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId))
      throw authErrors.sessionNotFound()
    if (!(await sessionExists(sql, sessionId))) throw authErrors.sessionNotFound()
  }
  return { userId: sub, sessionId: typeof sessionId === 'string' ? sessionId : undefined }
}
