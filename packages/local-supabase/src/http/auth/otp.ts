import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { hashPassword } from '../../core/auth/passwords'
import { readPkceParams } from '../../core/auth/pkce'
import { resolveRedirect } from '../../core/auth/redirect'
import { createUser, findUserByEmail, findUserById } from '../../core/auth/store/user-store'
import { authenticate } from './authenticate'
import { type AuthContext, clientOf } from './context'
import { type IssuedLink, issueEmailLink, mailLink, mailReauthenticationNonce } from './email-link'
import { objectField, queryParam, readBody, stringField } from './respond'
import { uniqueEmail } from './unique-email'

function emailOf(body: Record<string, unknown>): string {
  const raw = stringField(body, 'email')
  if (!raw) throw authErrors.validation('One of email or phone must be set')
  const email = normalizeEmail(raw)
  if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format')
  return email
}

/** One email a minute per address (GoTrue's `max_frequency`), counted whether or not it has an account. */
function spendEmail(ctx: AuthContext, key: string): void {
  if (!ctx.emailLimiter.hit(key)) throw authErrors.overEmailSendRateLimit(ctx.emailLimiter.secondsLeft(key))
}

/**
 * POST /otp (`signInWithOtp({ email })`): mails a magic link with its six-digit code. An unknown address
 * is signed up first (confirmed, as the local mailer auto-confirms) unless `create_user` is false, which
 * GoTrue answers with 422 otp_disabled. Answers `{}`.
 */
export async function otp(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  if (stringField(body, 'phone')) throw authErrors.phoneDisabled()
  const email = emailOf(body)
  const data = objectField(body, 'data') ?? {}
  const createUserAllowed = body.create_user !== false
  const pkce = readPkceParams(body.code_challenge, body.code_challenge_method)
  if (pkce.kind === 'invalid') throw authErrors.validation(pkce.message)
  if (!ctx.signInLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  const redirectTo = resolveRedirect(queryParam(c, 'redirect_to'), ctx.policy)
  const known = await findUserByEmail(ctx.deps.db.auth.pool, email)
  if (!known && !createUserAllowed) throw authErrors.otpDisabled()
  spendEmail(ctx, email)
  // A new account gets a password nobody knows: it signs in by email until one is set.
  const passwordHash = known ? '' : await hashPassword(randomBytes(32).toString('base64url'))
  const issued = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      let userId = (await findUserByEmail(tx, email))?.id
      if (!userId) {
        userId = await createUser(tx, {
          email,
          passwordHash,
          rawData: data,
          provider: 'email',
          providerId: (id) => id,
          identityData: (id) => ({ ...data, sub: id, email, email_verified: false, phone_verified: false }),
          confirm: true,
        })
      }
      return issueEmailLink(tx, ctx, { userId, email, type: 'magiclink', redirectTo, pkce })
    }),
    authErrors.userAlreadyExists,
  )
  await mailLink(ctx, issued)
  return c.json({})
}

/**
 * POST /resend {type: signup|email_change, email}: mails the pending confirmation again. Answers `{}`
 * also when there is nothing to send (unknown address, already confirmed, no pending change).
 */
export async function resend(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  const type = stringField(body, 'type') ?? ''
  if (type === 'sms' || type === 'phone_change') throw authErrors.phoneDisabled()
  if (type !== 'signup' && type !== 'email_change') {
    throw authErrors.validation('Missing one of these types: signup, email_change, sms, phone_change')
  }
  if (!stringField(body, 'email')) {
    throw authErrors.validation(
      type === 'signup' ? 'Type provided requires an email address' : 'Missing email address or phone number',
    )
  }
  const email = emailOf(body)
  const pkce = readPkceParams(body.code_challenge, body.code_challenge_method)
  if (pkce.kind === 'invalid') throw authErrors.validation(pkce.message)
  if (!ctx.signInLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  spendEmail(ctx, email)
  const redirectTo = resolveRedirect(queryParam(c, 'redirect_to'), ctx.policy)
  const issued = await ctx.deps.db.auth.transaction(async (tx): Promise<IssuedLink | undefined> => {
    const user = await findUserByEmail(tx, email)
    if (!user) return undefined
    if (type === 'signup') {
      if (user.email_confirmed_at) return undefined
      return issueEmailLink(tx, ctx, { userId: user.id, email, type: 'signup', redirectTo, pkce })
    }
    if (!user.email_change) return undefined
    return issueEmailLink(tx, ctx, {
      userId: user.id,
      email,
      type: 'email_change',
      newEmail: user.email_change,
      redirectTo,
      pkce,
    })
  })
  if (issued) await mailLink(ctx, issued)
  return c.json({})
}

/** GET /reauthenticate: mails the signed-in user a nonce that a password change can then present. */
export async function reauthenticate(c: Context, ctx: AuthContext): Promise<Response> {
  const sql = ctx.deps.db.auth.pool
  const { userId } = await authenticate(c, ctx, sql)
  const user = await findUserById(sql, userId)
  const email = user?.email ?? ''
  if (!email) {
    throw authErrors.validation('Reauthentication requires the user to have an email or a phone number')
  }
  if (!user?.email_confirmed_at) throw authErrors.emailNotConfirmedForReauthentication()
  spendEmail(ctx, `reauthentication:${userId}`)
  await ctx.deps.db.auth.transaction((tx) => mailReauthenticationNonce(tx, ctx, userId, email))
  return c.json({})
}
