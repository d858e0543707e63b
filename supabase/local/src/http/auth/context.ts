import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { RateLimiter } from '../../core/auth/rate-limit'
import type { RedirectPolicy } from '../../core/auth/redirect'
import type { StackDeps } from '../deps'

/** What every Auth route shares: the stack, the redirect policy and the in-memory rate limits. */
export type AuthContext = {
  deps: StackDeps
  policy: RedirectPolicy
  /** Password sign-ins per email and IP: config.toml's `sign_in_sign_ups = 30` per 5 minutes. */
  loginLimiter: RateLimiter
  /** The public address of the Auth service, as email links and the `iss` claim name it. */
  authUrl: string
}

export function authContext(deps: StackDeps): AuthContext {
  return {
    deps,
    policy: { siteUrl: deps.config.siteUrl, allowList: deps.config.additionalRedirectUrls },
    loginLimiter: new RateLimiter(30, 5 * 60_000),
    authUrl: `${deps.config.apiUrl}/auth/v1`,
  }
}

/** The caller's address and browser, recorded on the session as GoTrue does. */
export function clientOf(c: Context): { ip: string | undefined; userAgent: string | undefined } {
  let ip: string | undefined
  try {
    ip = getConnInfo(c).remote.address
  } catch {
    ip = undefined
  }
  return { ip, userAgent: c.req.header('user-agent') }
}
