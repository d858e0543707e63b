import type { Context } from 'hono'
import { normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { resolveRedirect, withFragment, withQuery } from '../../core/auth/redirect'
import { PKCE_PREFIX, tokenHash } from '../../core/auth/tokens'
import { type AuthContext, clientOf } from './context'
import { consumeEmailToken, isVerifyType } from './email-token-store'
import { issueAuthCode, latestFlowOfUser } from './flow-store'
import { signIn } from './issue-session'
import { readBody, stringField } from './respond'
import { confirmEmail } from './user-store'

/** The `amr` method each verification type signs in with. */
const METHOD: Record<string, string> = {
  recovery: 'recovery',
  magiclink: 'magiclink',
  signup: 'email/signup',
  email: 'otp',
  invite: 'invite',
  email_change: 'email_change',
}

const LINK_EXPIRED = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
  sb: '',
}

/**
 * GET /verify: an email link. 303 to redirect_to with the session in the hash, or `?code=` when the link
 * belongs to a PKCE flow; a used or expired link redirects with the error instead.
 */
export async function verifyLink(c: Context, ctx: AuthContext): Promise<Response> {
  const token = c.req.query('token') ?? ''
  const type = c.req.query('type') ?? ''
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.policy)
  if (!isVerifyType(type)) throw authErrors.validation('Verify requires a verification type')
  const isPkce = token.startsWith(PKCE_PREFIX)
  const target = await ctx.deps.db.auth.transaction(async (tx) => {
    const found = await consumeEmailToken(tx, type, token ? [token] : [])
    if (!found) return undefined
    await confirmEmail(tx, found.user.id)
    if (isPkce) {
      const flow = await latestFlowOfUser(tx, found.user.id, METHOD[type] ?? type)
      const code = flow ? await issueAuthCode(tx, flow.id, found.user.id) : undefined
      return code ? withQuery(redirectTo, { code }) : undefined
    }
    const session = await signIn(tx, ctx, found.user.id, METHOD[type] ?? type, clientOf(c))
    return withFragment(redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      sb: '',
      token_type: 'bearer',
      type,
    })
  })
  if (target) return c.redirect(target, 303)
  const failed = isPkce ? withQuery(redirectTo, LINK_EXPIRED) : redirectTo
  return c.redirect(withFragment(failed, LINK_EXPIRED), 303)
}

/** POST /verify: `{ type, token_hash }` or `{ type, email, token }` → a session. */
export async function verifyOtp(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  const type = stringField(body, 'type') ?? ''
  const hash = stringField(body, 'token_hash')
  const otp = stringField(body, 'token')
  const email = stringField(body, 'email')
  if (!isVerifyType(type)) throw authErrors.validation('Verify requires a verification type')
  let candidates: string[]
  if (hash) candidates = [hash, PKCE_PREFIX + hash]
  else if (otp && email) {
    const computed = tokenHash(normalizeEmail(email), otp)
    candidates = [computed, PKCE_PREFIX + computed]
  } else throw authErrors.validation('Verify requires either a token or a token hash')
  const session = await ctx.deps.db.auth.transaction(async (tx) => {
    const found = await consumeEmailToken(tx, type, candidates)
    if (!found) return undefined
    await confirmEmail(tx, found.user.id)
    return signIn(tx, ctx, found.user.id, METHOD[type] ?? type, clientOf(c))
  })
  if (!session) throw authErrors.otpExpired()
  return c.json(session)
}
