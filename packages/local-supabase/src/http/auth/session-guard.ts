import type { Context, MiddlewareHandler } from 'hono'
import { tokenKeysOf, verifyAccessToken } from '../../core/auth/signing-keys'
import { sessionExists } from '../../core/auth/store/session-store'
import type { StackDeps } from '../deps'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Ends a user's access tokens together with their session. GoTrue's access tokens are stateless JWTs,
 * which PostgREST and Storage accept until they expire; here the data API and Storage also refuse a
 * token whose `session_id` names a session that no longer exists (signed out, password changed, user
 * deleted), as Auth itself does. `refuse` answers in the service's own error format.
 */
export function refuseEndedSessions(deps: StackDeps, refuse: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    const match = /^bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '')
    const token = match?.[1]
    if (!token || token.startsWith('sb_')) return next()
    const verified = await verifyAccessToken(token, tokenKeysOf(deps.config))
    // A token that does not verify is the service's to refuse, with its own message.
    if (!verified.ok) return next()
    const sessionId = verified.claims.session_id
    if (sessionId === undefined) return next()
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return refuse(c)
    if (!(await sessionExists(deps.db.auth.pool, sessionId))) return refuse(c)
    return next()
  }
}

/** PostgREST's answer to a token it cannot accept (PGRST303), naming the reason. */
export const refuseForRest = (c: Context) =>
  c.json({ code: 'PGRST303', details: null, hint: null, message: 'JWT session no longer exists' }, 401, {
    'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT session no longer exists"',
  })

/** Storage's answer to a token it cannot accept. */
export const refuseForStorage = (c: Context) =>
  c.json(
    {
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'jwt session no longer exists',
    },
    400,
  )
