import type { Context } from 'hono'
import { normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { resolveRedirect, withFragment, withQuery } from '../../core/auth/redirect'
import { consumeEmailToken, isVerifyType, voidEmailTokens } from '../../core/auth/store/email-token-store'
import { issueAuthCode, latestFlowOfUser } from '../../core/auth/store/flow-store'
import type { Sql } from '../../core/auth/store/sql'
import { changeEmail, confirmEmail } from '../../core/auth/store/user-store'
import { PKCE_PREFIX, tokenHash } from '../../core/auth/tokens'
import { type AuthContext, clientOf } from './context'
import { signIn } from './issue-session'
import { queryParam, readBody, stringField } from './respond'

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
 * Uses up the pending token `candidates` name. An `email` code (signInWithOtp) is the magic link's code
 * of a known user, or the confirmation code of a new one.
 */
async function consume(tx: Sql, type: string, candidates: string[]) {
  if (type !== 'email') return consumeEmailToken(tx, type, candidates)
  return (await consumeEmailToken(tx, 'magiclink', candidates)) ?? consumeEmailToken(tx, 'signup', candidates)
}

/** What a verified token does to the user: the email is confirmed, and an email change applied. */
async function applyVerification(tx: Sql, user: { id: string; email_change: string | null }, type: string) {
  await confirmEmail(tx, user.id)
  if (type === 'email_change' && user.email_change) await changeEmail(tx, user.id, user.email_change, true)
}

/**
 * GET /verify: an email link. 303 to redirect_to with the session in the hash, or `?code=` when the link
 * belongs to a PKCE flow; a used or expired link redirects with the error instead.
 */
export async function verifyLink(c: Context, ctx: AuthContext): Promise<Response> {
  const token = queryParam(c, 'token') ?? ''
  const type = queryParam(c, 'type') ?? ''
  const redirectTo = resolveRedirect(queryParam(c, 'redirect_to'), ctx.policy)
  if (!isVerifyType(type)) throw authErrors.validation('Verify requires a verification type')
  if (!ctx.verifyLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  const isPkce = token.startsWith(PKCE_PREFIX)
  const target = await ctx.deps.db.auth.transaction(async (tx) => {
    const found = await consume(tx, type, token ? [token] : [])
    if (!found) return undefined
    await applyVerification(tx, found.user, type)
    if (isPkce) {
      const flow = await latestFlowOfUser(tx, found.user.id, METHOD[type] ?? type)
      const code = flow ? await issueAuthCode(tx, flow.id, found.user.id) : undefined
      return code ? withQuery(redirectTo, { code }) : undefined
    }
    const session = await signIn(tx, ctx, found.user.id, METHOD[type] ?? type, clientOf(c, ctx))
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
  if (!ctx.verifyLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  let candidates: string[]
  const address = email ? normalizeEmail(email) : undefined
  if (hash) candidates = [hash, PKCE_PREFIX + hash]
  else if (otp && address) {
    const computed = tokenHash(address, otp)
    candidates = [computed, PKCE_PREFIX + computed]
  } else throw authErrors.validation('Verify requires either a token or a token hash')
  const session = await ctx.deps.db.auth.transaction(async (tx) => {
    const found = await consume(tx, type, candidates)
    if (!found) return undefined
    await applyVerification(tx, found.user, type)
    return signIn(tx, ctx, found.user.id, METHOD[type] ?? type, clientOf(c, ctx))
  })
  if (session) {
    if (address) ctx.codeFailures.reset(address)
    return c.json(session)
  }
  // A six-digit code survives only a few wrong guesses: then it is voided and a new one must be sent.
  if (otp && address && !ctx.codeFailures.hit(address)) {
    await ctx.deps.db.auth.transaction((tx) => voidEmailTokens(tx, type, address))
    ctx.codeFailures.reset(address)
  }
  throw authErrors.otpExpired()
}
