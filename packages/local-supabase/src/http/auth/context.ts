import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { RateLimiter } from '../../core/auth/rate-limit'
import type { RedirectPolicy } from '../../core/auth/redirect'
import { OTP_EXPIRY_SECONDS } from '../../core/auth/store/email-token-store'
import { asClientAddress, CLIENT_ADDRESS_HEADER, trustedClientAddress } from '../../core/client-address'
import type { StackDeps } from '../deps'

/** What every Auth route shares: the stack, the redirect policy and the in-memory rate limits. */
export type AuthContext = {
  deps: StackDeps
  policy: RedirectPolicy
  /**
   * Sign-ins and sign-ups per IP address (GoTrue's `sign_in_sign_ups`, 30 per 5 minutes): one address
   * cannot spray passwords over many accounts, and nobody elsewhere can lock an owner out.
   */
  signInLimiter: RateLimiter
  /** Email and token verifications per IP address (GoTrue's `token_verifications`, 30 per 5 minutes). */
  verifyLimiter: RateLimiter
  /** Emails per address: one a minute (GoTrue's `max_frequency`). */
  emailLimiter: RateLimiter
  /** Wrong codes per email: the pending code is voided after a few, so six digits cannot be guessed. */
  codeFailures: RateLimiter
  /** Chooser states already used: each signs in once. */
  usedStates: RateLimiter
  /** The public address of the Auth service, as email links and the `iss` claim name it. */
  authUrl: string
}

const PER_IP_WINDOW_MS = 5 * 60_000
const PER_IP_LIMIT = 30
const EMAIL_INTERVAL_MS = 60_000
/** Wrong guesses one emailed code survives: the next wrong guess voids it. */
export const MAX_CODE_ATTEMPTS = 5
export const CHOOSER_STATE_TTL_SECONDS = 300

/** GoTrue's per-IP window; with the limits off (throw-away test stacks) a window that never fills. */
const perIp = (on: boolean) => new RateLimiter(on ? PER_IP_LIMIT : Number.MAX_SAFE_INTEGER, PER_IP_WINDOW_MS)

export function authContext(deps: StackDeps): AuthContext {
  return {
    deps,
    policy: { siteUrl: deps.config.siteUrl, allowList: deps.config.additionalRedirectUrls },
    signInLimiter: perIp(deps.config.authRateLimits),
    verifyLimiter: perIp(deps.config.authRateLimits),
    emailLimiter: new RateLimiter(1, deps.config.authRateLimits ? EMAIL_INTERVAL_MS : 0),
    codeFailures: new RateLimiter(MAX_CODE_ATTEMPTS - 1, OTP_EXPIRY_SECONDS * 1000),
    usedStates: new RateLimiter(1, CHOOSER_STATE_TTL_SECONDS * 1000),
    authUrl: `${deps.config.apiUrl}/auth/v1`,
  }
}

/**
 * The caller's address and browser, recorded on the session and counted by the per-IP limits as GoTrue does:
 * the connection's address, or behind a proxy (`LOCAL_BEHIND_PROXY=on`) the `cf-connecting-ip` it sets, as
 * the database and functions see it. A client's own copy of that header is never believed otherwise.
 */
export function clientOf(
  c: Context,
  ctx: AuthContext,
): { ip: string | undefined; userAgent: string | undefined } {
  let remote: string | undefined
  try {
    remote = getConnInfo(c).remote.address
  } catch {
    remote = undefined
  }
  const trusted = trustedClientAddress(
    c.req.header(CLIENT_ADDRESS_HEADER),
    remote,
    ctx.deps.config.behindProxy,
  )
  return { ip: asClientAddress(trusted), userAgent: c.req.header('user-agent') }
}
