import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { hashPassword } from '../../core/auth/passwords'
import { resolveRedirect } from '../../core/auth/redirect'
import type { LinkType } from '../../core/auth/store/email-token-store'
import type { Sql } from '../../core/auth/store/sql'
import { createUser, findUserByEmail } from '../../core/auth/store/user-store'
import type { Json, UserRecord } from '../../core/auth/user-json'
import { requireAdmin, userJsonOf } from './admin'
import type { AuthContext } from './context'
import { issueEmailLink, mailLink } from './email-link'
import { assertPasswordAllowed } from './password-rules'
import { objectField, queryParam, readBody, stringField } from './respond'
import { uniqueEmail } from './unique-email'

const GENERATE_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
]

function requiredEmail(raw: string | undefined): string {
  const email = normalizeEmail(raw ?? '')
  if (!email) throw authErrors.validation('An email address is required')
  if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format')
  return email
}

/** A user waiting for the link's confirmation: unconfirmed, with the given data and password (if any). */
async function newUnconfirmedUser(
  sql: Sql,
  email: string,
  data: Json,
  passwordHash: string,
): Promise<string> {
  return createUser(sql, {
    email,
    passwordHash,
    rawData: data,
    provider: 'email',
    providerId: (id) => id,
    identityData: (id) => ({ sub: id, email, email_verified: false, phone_verified: false }),
    confirm: false,
    // As GoTrue's signupNewUser: the user's metadata is the given data, the identity has the address.
    keepRawData: true,
  })
}

const isConfirmed = (user: UserRecord) => user.email_confirmed_at !== null

/**
 * POST /admin/generate_link: issues the link (and code) an email of `type` would carry, without sending
 * it, creating the user for `signup`, `invite` and `magiclink` (an unknown address's magic link is a
 * sign-up link), as GoTrue's adminGenerateLink.
 */
export async function adminGenerateLink(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const body = await readBody(c)
  let type = stringField(body, 'type') ?? ''
  if (!GENERATE_TYPES.includes(type)) {
    throw authErrors.validation(`Invalid email action link type requested: ${type}`)
  }
  const email = requiredEmail(stringField(body, 'email'))
  const data = objectField(body, 'data') ?? {}
  const password = stringField(body, 'password')
  const redirectTo = resolveRedirect(
    stringField(body, 'redirect_to') ?? queryParam(c, 'redirect_to'),
    ctx.policy,
  )
  if (type === 'email_change_current') {
    // The local Auth applies email changes without a second confirmation (secure email change off).
    throw authErrors.validation('Enable secure email change to generate link for current email')
  }
  const newEmail = type === 'email_change_new' ? requiredEmail(stringField(body, 'new_email')) : undefined

  const existing = await findUserByEmail(ctx.deps.db.auth.pool, email)
  if (!existing) {
    if (type === 'recovery' || type === 'email_change_new') throw authErrors.emailNotFound()
    if (type === 'magiclink') type = 'signup'
  }
  let passwordHash = ''
  if (type === 'signup' && !existing) {
    const chosen = password ?? randomBytes(32).toString('base64url')
    if (!password && stringField(body, 'type') === 'signup') {
      throw authErrors.validation('Signup requires a valid password')
    }
    assertPasswordAllowed(chosen)
    passwordHash = await hashPassword(chosen)
  }

  const answer = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if ((type === 'invite' || type === 'signup') && user && isConfirmed(user))
        throw authErrors.emailExists()
      if (!user) {
        const id = await newUnconfirmedUser(tx, email, data, passwordHash)
        user = { id } as UserRecord
      }
      if (newEmail) {
        const owner = await findUserByEmail(tx, newEmail)
        if (owner && owner.id !== user.id) throw authErrors.emailExists()
      }
      const linkType: LinkType = type === 'email_change_new' ? 'email_change' : (type as LinkType)
      const issued = await issueEmailLink(tx, ctx, {
        userId: user.id,
        email,
        type: linkType,
        redirectTo,
        ...(newEmail ? { newEmail } : {}),
      })
      return {
        ...(await userJsonOf(tx, user.id)),
        action_link: issued.link,
        email_otp: issued.otp,
        hashed_token: issued.hashedToken,
        verification_type: type,
        redirect_to: redirectTo,
      }
    }),
    authErrors.emailExists,
  )
  return c.json(answer)
}

/** POST /invite {email, data}: creates the user (unless waiting already) and mails the invitation. */
export async function invite(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const body = await readBody(c)
  const email = requiredEmail(stringField(body, 'email'))
  const data = objectField(body, 'data') ?? {}
  const redirectTo = resolveRedirect(queryParam(c, 'redirect_to'), ctx.policy)
  const { user, issued } = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      const found = await findUserByEmail(tx, email)
      if (found && isConfirmed(found)) throw authErrors.emailExists()
      const id = found?.id ?? (await newUnconfirmedUser(tx, email, data, ''))
      const link = await issueEmailLink(tx, ctx, { userId: id, email, type: 'invite', redirectTo })
      return { user: await userJsonOf(tx, id), issued: link }
    }),
    authErrors.emailExists,
  )
  await mailLink(ctx, issued)
  return c.json(user)
}
