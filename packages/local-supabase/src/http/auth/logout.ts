import type { Context } from 'hono'
import { authErrors } from '../../core/auth/errors'
import { deleteSessions, type LogoutScope } from '../../core/auth/store/session-store'
import { authenticate } from './authenticate'
import type { AuthContext } from './context'

const SCOPES: readonly string[] = ['global', 'local', 'others']

/** POST /logout?scope=global|local|others: ends sessions, 204 with no body. */
export async function logout(c: Context, ctx: AuthContext): Promise<Response> {
  const scope = c.req.query('scope') ?? 'global'
  if (!SCOPES.includes(scope)) throw authErrors.validation(`Unsupported logout scope "${scope}"`)
  await ctx.deps.db.auth.transaction(async (tx) => {
    const { userId, sessionId } = await authenticate(c, ctx, tx)
    await deleteSessions(tx, userId, sessionId, scope as LogoutScope)
  })
  return c.body(null, 204)
}
