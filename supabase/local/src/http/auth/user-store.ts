import { randomUUID } from 'node:crypto'
import type { IdentityRecord, Json, UserRecord } from '../../core/auth/user-json'
import { INSTANCE_ID, type Sql } from './sql'

const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, phone_confirmed_at, confirmed_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, invited_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous`

export async function findUserById(sql: Sql, id: string, lock = false): Promise<UserRecord | undefined> {
  const { rows } = await sql.query<UserRecord>(
    `select ${USER_COLUMNS} from auth.users where id = $1${lock ? ' for update' : ''}`,
    [id],
  )
  return rows[0]
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRecord | undefined> {
  const { rows } = await sql.query<UserRecord>(
    `select ${USER_COLUMNS} from auth.users
     where instance_id = $1 and lower(email) = $2 and aud = 'authenticated' and is_sso_user = false`,
    [INSTANCE_ID, email],
  )
  return rows[0]
}

export async function identitiesOf(sql: Sql, userId: string): Promise<IdentityRecord[]> {
  const { rows } = await sql.query<IdentityRecord>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  )
  return rows
}

/** True when the password matches: argon2 in Node, bcrypt (seeded with pgcrypto) in SQL. */
export async function bcryptMatches(sql: Sql, userId: string, password: string): Promise<boolean> {
  const { rows } = await sql.query<{ ok: boolean }>(
    'select encrypted_password = extensions.crypt($2, encrypted_password) as ok from auth.users where id = $1',
    [userId, password],
  )
  return rows[0]?.ok === true
}

export async function storedPasswordOf(sql: Sql, userId: string): Promise<string> {
  const { rows } = await sql.query<{ encrypted_password: string | null }>(
    'select encrypted_password from auth.users where id = $1',
    [userId],
  )
  return rows[0]?.encrypted_password ?? ''
}

export type NewUser = {
  email: string
  passwordHash: string
  /** What the insert trigger sees in raw_user_meta_data: the sign-up `data` or the provider's profile. */
  rawData: Json
  provider: string
  providerId: (userId: string) => string
  identityData: (userId: string) => Json
  confirm: boolean
}

/**
 * Creates a user in GoTrue's order (contract §2.7): insert with the raw data and no role, then set the
 * role, add the identity, replace the metadata with the identity data, and confirm the email.
 */
export async function createUser(sql: Sql, input: NewUser): Promise<string> {
  const id = randomUUID()
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new, email_change,
       is_super_admin, created_at, updated_at)
     values ($1, $2, 'authenticated', '', $3, $4, $5, $6, '', '', '', '', false, now(), now())`,
    [
      INSTANCE_ID,
      id,
      input.email,
      input.passwordHash,
      { provider: input.provider, providers: [input.provider] },
      input.rawData,
    ],
  )
  await sql.query(`update auth.users set role = 'authenticated' where id = $1`, [id])
  const identityData = input.identityData(id)
  await insertIdentity(sql, id, input.provider, input.providerId(id), identityData)
  await sql.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
    id,
    identityData,
  ])
  if (input.confirm) await confirmEmail(sql, id)
  return id
}

export async function insertIdentity(
  sql: Sql,
  userId: string,
  provider: string,
  providerId: string,
  identityData: Json,
): Promise<void> {
  await sql.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now())`,
    [randomUUID(), providerId, userId, identityData, provider],
  )
}

/** Marks the email confirmed and flips `email_verified` in the metadata and the email identity. */
export async function confirmEmail(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
         then jsonb_set(raw_user_meta_data, '{email_verified}', 'true') else raw_user_meta_data end
     where id = $1`,
    [userId],
  )
  await sql.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email_verified}', 'true'), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  )
}
