import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { hashPassword } from '../../core/auth/passwords'
import { consumeReauthenticationToken } from '../../core/auth/store/email-token-store'
import { passwordMatches } from '../../core/auth/store/password-check'
import { deleteSessions, sessionCreatedAt } from '../../core/auth/store/session-store'
import type { Sql } from '../../core/auth/store/sql'
import {
  changeEmail,
  confirmEmail,
  findUserByEmail,
  findUserById,
  identitiesOf,
  makePermanent,
  setPassword,
  setUserMetadata,
} from '../../core/auth/store/user-store'
import { tokenHash } from '../../core/auth/tokens'
import { mergeMetadata, userJson } from '../../core/auth/user-json'
import { authenticate } from './authenticate'
import type { AuthContext } from './context'
import { assertPasswordAllowed } from './password-rules'
import { objectField, readBody, stringField } from './respond'
import { uniqueEmail } from './unique-email'

async function currentUserJson(sql: Sql, userId: string) {
  const user = await findUserById(sql, userId)
  if (!user) throw authErrors.userNotFound()
  return userJson(user, await identitiesOf(sql, userId))
}

/** How recent a sign-in lets a password change go without a nonce (GoTrue: 24 hours). */
const RECENT_SIGN_IN_MS = 24 * 3600_000

/** True when the session is gone or older than a day: the password change must bring a nonce. */
async function needsReauthentication(sql: Sql, sessionId: string | undefined): Promise<boolean> {
  const created = sessionId ? await sessionCreatedAt(sql, sessionId) : undefined
  return !created || Date.now() - created.getTime() > RECENT_SIGN_IN_MS
}

/** GET /user: the bare user object of the bearer token's user. */
export async function getUser(c: Context, ctx: AuthContext): Promise<Response> {
  const { userId } = await authenticate(c, ctx, ctx.deps.db.auth.pool)
  return c.json(await currentUserJson(ctx.deps.db.auth.pool, userId))
}

/**
 * PUT /user: merges `data`, changes the password (other sessions end; with secure password change on, a
 * session older than a day must bring the nonce `/reauthenticate` mailed) and the email. The local mailer
 * auto-confirms, so, as GoTrue does with MAILER_AUTOCONFIRM, a new email applies at once.
 */
export async function updateUser(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  const data = objectField(body, 'data')
  const rawEmail = stringField(body, 'email')
  const password = stringField(body, 'password')
  const nonce = stringField(body, 'nonce')
  if (password !== undefined) assertPasswordAllowed(password)
  const email = rawEmail !== undefined ? normalizeEmail(rawEmail) : undefined
  if (email !== undefined && !isValidEmail(email)) {
    throw authErrors.validation('Unable to validate email address: invalid format')
  }
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined

  const user = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      const { userId, sessionId } = await authenticate(c, ctx, tx)
      const current = await findUserById(tx, userId, true)
      if (!current) throw authErrors.userNotFound()
      if (data) await setUserMetadata(tx, userId, mergeMetadata(current.raw_user_meta_data ?? {}, data))
      if (password !== undefined && passwordHash) {
        if (ctx.deps.config.authSecurePasswordChange && (await needsReauthentication(tx, sessionId))) {
          if (!nonce) throw authErrors.reauthenticationNeeded()
          const presented = tokenHash(current.email ?? '', nonce)
          if (!(await consumeReauthenticationToken(tx, userId, presented))) {
            throw authErrors.reauthenticationNotValid()
          }
        }
        if (await passwordMatches(tx, userId, password)) throw authErrors.samePassword()
        await setPassword(tx, userId, passwordHash)
        await deleteSessions(tx, userId, sessionId, 'others')
      }
      if (email !== undefined && email !== current.email) {
        const owner = await findUserByEmail(tx, email)
        if (owner && owner.id !== userId) throw authErrors.emailExists()
        await changeEmail(tx, userId, email, true)
        // As GoTrue's ConfirmEmailChange: the address is confirmed, and an anonymous user becomes permanent.
        await confirmEmail(tx, userId)
        if (current.is_anonymous) await makePermanent(tx, userId)
      }
      return currentUserJson(tx, userId)
    }),
    authErrors.emailExists,
  )
  return c.json(user)
}
