import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { readPkceParams } from '../../core/auth/pkce'
import { recoveryEmail } from '../../core/auth/recovery-email'
import { resolveRedirect } from '../../core/auth/redirect'
import { createFlowState } from '../../core/auth/store/flow-store'
import { findUserByEmail } from '../../core/auth/store/user-store'
import { newOtp, PKCE_PREFIX, tokenHash } from '../../core/auth/tokens'
import { type AuthContext, clientOf } from './context'
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
  if (!ctx.signInLimiter.hit(clientOf(c).ip ?? '')) throw authErrors.overRequestRateLimit()
  // Counted per address whether or not it has an account, so the answer tells nobody which exist.
  if (!ctx.emailLimiter.hit(email))
    throw authErrors.overEmailSendRateLimit(ctx.emailLimiter.secondsLeft(email))
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.policy)

  const mail = await ctx.deps.db.auth.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) return undefined
    const otp = newOtp()
    let linkToken = tokenHash(email, otp)
    if (pkce.kind === 'pkce') {
      await createFlowState(tx, {
        userId: user.id,
        challenge: pkce.challenge,
        method: pkce.method,
        providerType: 'recovery',
        authenticationMethod: 'recovery',
      })
      linkToken = PKCE_PREFIX + linkToken
    }
    await tx.query(
      'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1',
      [user.id, linkToken],
    )
    const link = `${ctx.authUrl}/verify?${new URLSearchParams({ token: linkToken, type: 'recovery', redirect_to: redirectTo })}`
    return { to: user.email ?? email, ...recoveryEmail(link, otp) }
  })
  if (mail) {
    await ctx.deps.outbox.send({
      to: [{ name: '', address: mail.to }],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
  }
  return c.json({})
}
