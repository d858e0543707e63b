import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { hashPassword } from '../../core/auth/passwords'
import { passwordMatches } from '../../core/auth/store/password-check'
import { deleteSessions } from '../../core/auth/store/session-store'
import type { Sql } from '../../core/auth/store/sql'
import { findUserByEmail, findUserById, identitiesOf } from '../../core/auth/store/user-store'
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

/** GET /user: the bare user object of the bearer token's user. */
export async function getUser(c: Context, ctx: AuthContext): Promise<Response> {
  const { userId } = await authenticate(c, ctx, ctx.deps.db.auth.pool)
  return c.json(await currentUserJson(ctx.deps.db.auth.pool, userId))
}

/**
 * PUT /user: merges `data`, changes the password (other sessions end) and the email. The local mailer
 * auto-confirms, so, as GoTrue does with MAILER_AUTOCONFIRM, a new email applies at once.
 */
export async function updateUser(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c)
  const data = objectField(body, 'data')
  const rawEmail = stringField(body, 'email')
  const password = stringField(body, 'password')
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
      if (data) {
        await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          userId,
          mergeMetadata(current.raw_user_meta_data ?? {}, data),
        ])
      }
      if (password !== undefined && passwordHash) {
        if (await passwordMatches(tx, userId, password)) throw authErrors.samePassword()
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          userId,
          passwordHash,
        ])
        await deleteSessions(tx, userId, sessionId, 'others')
      }
      if (email !== undefined && email !== current.email) {
        const owner = await findUserByEmail(tx, email)
        if (owner && owner.id !== userId) throw authErrors.emailExists()
        await changeEmail(tx, userId, email)
      }
      return currentUserJson(tx, userId)
    }),
    authErrors.emailExists,
  )
  return c.json(user)
}

/** Applies a confirmed email change to the user, its metadata and its email identity. */
async function changeEmail(sql: Sql, userId: string, email: string): Promise<void> {
  await sql.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0, updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email'
         then jsonb_set(raw_user_meta_data, '{email}', to_jsonb($2::text)) else raw_user_meta_data end
     where id = $1`,
    [userId, email],
  )
  await sql.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email}', to_jsonb($2::text)),
       updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  )
}
