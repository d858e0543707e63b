import type { UserRecord } from '../user-json'
import type { Sql } from './sql'
import { findUserById } from './user-store'

/** How long an email link or code stays valid: config.toml's `otp_expiry = 3600`. */
export const OTP_EXPIRY_SECONDS = 3600

/** Where each verification type keeps its pending token on `auth.users`, and when it was sent. */
const COLUMNS: Record<string, { token: string; sentAt: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'invited_at' },
  email: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
}

export const isVerifyType = (type: string) => Object.hasOwn(COLUMNS, type)

/** The email link types a token can be issued for, and the verify type their link carries. */
export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change'

/**
 * Stores a freshly issued token of `type` on the user (replacing any pending one) and stamps when it was
 * sent; an email change also records the address it leads to. A reauthentication nonce has its own column.
 */
export async function storeEmailToken(
  sql: Sql,
  userId: string,
  type: LinkType | 'reauthentication',
  token: string,
  newEmail?: string,
): Promise<void> {
  const statements: Record<LinkType | 'reauthentication', string> = {
    signup: 'confirmation_token = $2, confirmation_sent_at = now()',
    invite: 'confirmation_token = $2, confirmation_sent_at = now(), invited_at = now()',
    magiclink: 'recovery_token = $2, recovery_sent_at = now()',
    recovery: 'recovery_token = $2, recovery_sent_at = now()',
    email_change: `email_change_token_new = $2, email_change_sent_at = now(), email_change = $3::text,
      email_change_confirm_status = 0`,
    reauthentication: 'reauthentication_token = $2, reauthentication_sent_at = now()',
  }
  const values = type === 'email_change' ? [userId, token, newEmail ?? ''] : [userId, token]
  await sql.query(`update auth.users set ${statements[type]}, updated_at = now() where id = $1`, values)
}

/**
 * Uses up the user's reauthentication nonce when `token` is it and it is not older than the OTP expiry.
 * True when it was.
 */
export async function consumeReauthenticationToken(
  sql: Sql,
  userId: string,
  token: string,
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1 and reauthentication_token = $2 and reauthentication_token <> ''
       and reauthentication_sent_at > now() - make_interval(secs => $3)`,
    [userId, token, OTP_EXPIRY_SECONDS],
  )
  return rowCount === 1
}

/**
 * Uses up a pending email token: the user whose token is one of `candidates` and not expired, with the
 * token cleared so the link works once. Undefined when there is none.
 */
export async function consumeEmailToken(
  sql: Sql,
  type: string,
  candidates: string[],
): Promise<{ user: UserRecord; token: string } | undefined> {
  const columns = COLUMNS[type]
  if (!columns || candidates.length === 0) return undefined
  const { rows } = await sql.query<{ id: string; token: string }>(
    `with found as (
       select id, ${columns.token} as token from auth.users
       where ${columns.token} = any($1::text[]) and ${columns.token} <> ''
         and ${columns.sentAt} > now() - make_interval(secs => $2)
       limit 1 for update)
     update auth.users u set ${columns.token} = '', updated_at = now() from found
     where u.id = found.id returning u.id, found.token`,
    [candidates, OTP_EXPIRY_SECONDS],
  )
  const row = rows[0]
  if (!row) return undefined
  const user = await findUserById(sql, row.id)
  return user ? { user, token: row.token } : undefined
}

/** Clears the pending token of a type for the user with this email, so it can no longer be used. */
export async function voidEmailTokens(sql: Sql, type: string, email: string): Promise<void> {
  const columns = COLUMNS[type]
  if (!columns) return
  await sql.query(
    `update auth.users set ${columns.token} = '', updated_at = now()
     where lower(email) = $1 and ${columns.token} <> ''`,
    [email],
  )
}
