import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { hashPassword } from '../../core/auth/passwords'
import { readPkceParams } from '../../core/auth/pkce'
import { createAnonymousUser, createUser, findUserByEmail } from '../../core/auth/store/user-store'
import type { Json } from '../../core/auth/user-json'
import { type AuthContext, clientOf } from './context'
import { signIn } from './issue-session'
import { assertPasswordAllowed } from './password-rules'
import { objectField, readBody, stringField } from './respond'
import { uniqueEmail } from './unique-email'

/**
 * POST /signup: email + password, `data` from options.data. Locally the mailer auto-confirms (the CLI's
 * default), so the answer is a session.
 */
export async function signup(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  const rawEmail = stringField(body, 'email')
  const password = stringField(body, 'password')
  const data = objectField(body, 'data') ?? {}
  const phone = stringField(body, 'phone')
  if (!rawEmail && !phone) return c.json(await signUpAnonymously(c, ctx, data))
  if (!ctx.signInLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  if (phone) throw authErrors.validation('Phone signups are disabled')
  if (!rawEmail) throw authErrors.validation('To signup, please provide your email')
  const email = normalizeEmail(rawEmail)
  if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format')
  if (!password) throw authErrors.validation('Signup requires a valid password')
  assertPasswordAllowed(password)
  const pkce = readPkceParams(body.code_challenge, body.code_challenge_method)
  if (pkce.kind === 'invalid') throw authErrors.validation(pkce.message)

  const passwordHash = await hashPassword(password)
  const session = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw authErrors.userAlreadyExists()
      const userId = await createUser(tx, {
        email,
        passwordHash,
        rawData: data,
        provider: 'email',
        providerId: (id) => id,
        // Sign-up data cannot override who the user is.
        identityData: (id) => ({ ...data, sub: id, email, email_verified: false, phone_verified: false }),
        confirm: true,
      })
      return signIn(tx, ctx, userId, 'password', clientOf(c, ctx))
    }),
    authErrors.userAlreadyExists,
  )
  return c.json(session)
}

/**
 * POST /signup without email or phone (`signInAnonymously`): an anonymous user and its session, when
 * the project allows anonymous sign-ins (off by default, as on hosted: 422 anonymous_provider_disabled).
 */
async function signUpAnonymously(c: Context, ctx: AuthContext, data: Json) {
  if (!ctx.deps.config.authAnonymousSignIns) throw authErrors.anonymousDisabled()
  if (!ctx.signInLimiter.hit(clientOf(c, ctx).ip ?? '')) throw authErrors.overRequestRateLimit()
  return ctx.deps.db.auth.transaction(async (tx) => {
    const userId = await createAnonymousUser(tx, data)
    return signIn(tx, ctx, userId, 'anonymous', clientOf(c, ctx))
  })
}
