import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { readPkceParams } from '../../core/auth/pkce'
import { resolveRedirect } from '../../core/auth/redirect'
import { findUserByEmail } from '../../core/auth/store/user-store'
import { type AuthContext, clientOf } from './context'
import { issueEmailLink, mailLink } from './email-link'
import { readBody, stringField } from './respond'

/**
 * POST /recover: mails a reset link (to the outbox) and answers `{}` whether or not the address is
 * known, so nobody can probe for accounts. With a code challenge the link ends in `?code=` (PKCE).
 */
export async function recover(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  const rawEmail = stringField(body, 'email')
  if (!rawEmail) throw authErrors.validation('Password recovery requires an email')
  const email = normalizeEmail(rawEmail)
  if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format')
  const pkce = readPkceParams(body.code_challenge, body.code_challenge_method)
  if (pkce.kind === 'invalid') throw authErrors.validation(pkce.message)
  if (!ctx.signInLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  // Counted per address whether or not it has an account, so the answer tells nobody which exist.
  if (!ctx.emailLimiter.hit(email))
    throw authErrors.overEmailSendRateLimit(ctx.emailLimiter.secondsLeft(email))
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.policy)

  const issued = await ctx.deps.db.auth.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) return undefined
    return issueEmailLink(tx, ctx, { userId: user.id, email, type: 'recovery', redirectTo, pkce })
  })
  if (issued) await mailLink(ctx, issued)
  return c.json({})
}
