import { signAccessToken, tokenKeysOf } from '../../core/auth/signing-keys'
import { amrOf, createSession, insertRefreshToken } from '../../core/auth/store/session-store'
import type { Sql } from '../../core/auth/store/sql'
import { findUserById, identitiesOf, touchLastSignIn } from '../../core/auth/store/user-store'
import { accessTokenClaims, type Json, userJson } from '../../core/auth/user-json'
import type { AuthContext } from './context'

export type SessionJson = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Json
}

/** Signs an access token for a session and wraps it with its refresh token (GoTrue's AccessTokenResponse). */
export async function sessionResponse(
  sql: Sql,
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const user = await findUserById(sql, userId)
  if (!user) throw new Error(`user ${userId} vanished while issuing a session`)
  const identities = await identitiesOf(sql, userId)
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresIn = ctx.deps.config.jwtExpirySeconds
  const claims = accessTokenClaims({
    user,
    sessionId,
    amr: await amrOf(sql, sessionId),
    issuer: ctx.authUrl,
    issuedAt,
    expirySeconds: expiresIn,
  })
  return {
    access_token: await signAccessToken(claims, tokenKeysOf(ctx.deps.config)),
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: issuedAt + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  }
}

/** Signs a user in: a new session with its first refresh token, and `last_sign_in_at` updated. */
export async function signIn(
  sql: Sql,
  ctx: AuthContext,
  userId: string,
  method: string,
  client: { ip?: string | undefined; userAgent?: string | undefined },
): Promise<SessionJson> {
  await touchLastSignIn(sql, userId)
  const sessionId = await createSession(sql, userId, method, client)
  const refreshToken = await insertRefreshToken(sql, userId, sessionId, null)
  return sessionResponse(sql, ctx, userId, sessionId, refreshToken)
}
