import type { Context } from 'hono'
import { normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { verifierMatches } from '../../core/auth/pkce'
import { deleteFlowState, FLOW_STATE_TTL_SECONDS, takeFlowByCode } from '../../core/auth/store/flow-store'
import { passwordMatches, spendPasswordCheck } from '../../core/auth/store/password-check'
import {
  activeRefreshToken,
  insertRefreshToken,
  lockRefreshToken,
  revokeRefreshToken,
  revokeTokenFamily,
  sessionExists,
  touchSession,
} from '../../core/auth/store/session-store'
import { findUserByEmail, findUserById, isBanned } from '../../core/auth/store/user-store'
import { type AuthContext, clientOf } from './context'
import { sessionResponse, signIn } from './issue-session'
import { readBody, stringField } from './respond'

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  switch (c.req.query('grant_type')) {
    case 'password':
      return c.json(await passwordGrant(c, ctx, body))
    case 'refresh_token':
      return c.json(await refreshTokenGrant(ctx, body))
    case 'pkce':
      return c.json(await pkceGrant(c, ctx, body))
    default:
      throw authErrors.unsupportedGrant()
  }
}

async function passwordGrant(c: Context, ctx: AuthContext, body: Record<string, unknown>) {
  const email = normalizeEmail(stringField(body, 'email') ?? '')
  const password = stringField(body, 'password') ?? ''
  const client = clientOf(c, ctx)
  if (!ctx.signInLimiter.hit(client.ip ?? '')) throw authErrors.overRequestRateLimit()
  return ctx.deps.db.auth.transaction(async (tx) => {
    const user = email ? await findUserByEmail(tx, email) : undefined
    if (!user) {
      // As slow as a wrong password for a real account, so the answer's timing tells nothing.
      await spendPasswordCheck(tx, password)
      throw authErrors.invalidCredentials()
    }
    if (isBanned(user)) throw authErrors.signInBanned()
    if (!password || !(await passwordMatches(tx, user.id, password))) {
      throw authErrors.invalidCredentials()
    }
    if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed()
    return signIn(tx, ctx, user.id, 'password', client)
  })
}

/**
 * Rotates a refresh token. A parent reused within the reuse interval (tabs refreshing at once) gets the
 * session's current token back; later reuse revokes the whole family.
 */
async function refreshTokenGrant(ctx: AuthContext, body: Record<string, unknown>) {
  const presented = stringField(body, 'refresh_token')
  if (!presented) throw authErrors.validation('refresh_token required')
  const reuseMs = ctx.deps.config.refreshTokenReuseIntervalSeconds * 1000
  const outcome = await ctx.deps.db.auth.transaction(async (tx) => {
    const token = await lockRefreshToken(tx, presented)
    if (!token?.session_id) return { error: authErrors.refreshTokenNotFound() }
    if (!(await sessionExists(tx, token.session_id))) return { error: authErrors.refreshSessionNotFound() }
    const user = await findUserById(tx, token.user_id)
    if (user && isBanned(user)) return { error: authErrors.refreshBanned() }
    if (token.revoked) {
      const active = await activeRefreshToken(tx, token.session_id)
      if (!active || Date.now() - token.updated_at.getTime() > reuseMs) {
        await revokeTokenFamily(tx, token.session_id)
        return { error: authErrors.refreshTokenAlreadyUsed() }
      }
      return { session: await sessionResponse(tx, ctx, token.user_id, token.session_id, active.token) }
    }
    await revokeRefreshToken(tx, token.id)
    const next = await insertRefreshToken(tx, token.user_id, token.session_id, token.token)
    await touchSession(tx, token.session_id)
    return { session: await sessionResponse(tx, ctx, token.user_id, token.session_id, next) }
  })
  // The family's revocation is committed before the refusal is sent.
  if ('error' in outcome) throw outcome.error
  return outcome.session
}

async function pkceGrant(c: Context, ctx: AuthContext, body: Record<string, unknown>) {
  const authCode = stringField(body, 'auth_code')
  const verifier = stringField(body, 'code_verifier')
  if (!authCode || !verifier) {
    throw authErrors.validation('invalid request: both auth code and code verifier should be non-empty')
  }
  return ctx.deps.db.auth.transaction(async (tx) => {
    const flow = await takeFlowByCode(tx, authCode)
    if (!flow?.user_id) throw authErrors.flowStateNotFound()
    const issuedAt = flow.auth_code_issued_at ?? flow.created_at
    if (Date.now() - issuedAt.getTime() > FLOW_STATE_TTL_SECONDS * 1000) throw authErrors.flowStateExpired()
    if (!verifierMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
      throw authErrors.badCodeVerifier()
    }
    await deleteFlowState(tx, flow.id)
    return signIn(tx, ctx, flow.user_id, flow.authentication_method, clientOf(c, ctx))
  })
}
