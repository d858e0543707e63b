import { randomUUID } from 'node:crypto'
import type { IdentityRecord, Json, UserRecord } from '../user-json'
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
  /** A chosen id (the admin API's `id`); a random one otherwise. */
  id?: string
  email: string
  passwordHash: string
  /** What the insert trigger sees in raw_user_meta_data: the sign-up `data` or the provider's profile. */
  rawData: Json
  provider: string
  providerId: (userId: string) => string
  identityData: (userId: string) => Json
  confirm: boolean
  /** Keep `rawData` as the user's metadata (admin-created users) instead of the identity's data. */
  keepRawData?: boolean
}

/**
 * Creates a user in GoTrue's order (contract §2.7): insert with the raw data and no role, then set the
 * role, add the identity, replace the metadata with the identity data, and confirm the email.
 */
export async function createUser(sql: Sql, input: NewUser): Promise<string> {
  const id = input.id ?? randomUUID()
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
  if (!input.keepRawData) await setUserMetadata(sql, id, identityData)
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

/** Records a sign-in on the user. */
export async function touchLastSignIn(sql: Sql, userId: string): Promise<void> {
  await sql.query('update auth.users set last_sign_in_at = now() where id = $1', [userId])
}

export async function setUserMetadata(sql: Sql, userId: string, metadata: Json): Promise<void> {
  await sql.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    metadata,
  ])
}

export async function setAppMetadata(sql: Sql, userId: string, metadata: Json): Promise<void> {
  await sql.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    metadata,
  ])
}

/**
 * Sets a new password hash. As GoTrue's UpdatePassword, every pending emailed token is voided: whoever
 * changed the password may not trust what the old one started.
 */
export async function setPassword(sql: Sql, userId: string, passwordHash: string): Promise<void> {
  await sql.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '',
       email_change_token_new = '', email_change_sent_at = null, reauthentication_token = '',
       reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, passwordHash],
  )
}

/** Applies a new email to the user, its metadata and its email identity (created when it has none). */
export async function changeEmail(
  sql: Sql,
  userId: string,
  email: string,
  verified?: boolean,
): Promise<void> {
  await sql.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0, updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email'
         then jsonb_set(raw_user_meta_data, '{email}', to_jsonb($2::text)) else raw_user_meta_data end
     where id = $1`,
    [userId, email],
  )
  const patch: Json = { email }
  if (verified !== undefined) patch.email_verified = verified
  const { rowCount } = await sql.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, patch],
  )
  if (rowCount === 0) {
    await insertIdentity(sql, userId, 'email', userId, {
      sub: userId,
      email,
      email_verified: verified === true,
      phone_verified: false,
    })
  }
}

export async function setRole(sql: Sql, userId: string, role: string): Promise<void> {
  await sql.query('update auth.users set role = $2, updated_at = now() where id = $1', [userId, role])
}

/** Bans until `until` (null lifts a ban), as GoTrue's `ban_duration`. */
export async function setBannedUntil(sql: Sql, userId: string, until: Date | null): Promise<void> {
  await sql.query('update auth.users set banned_until = $2, updated_at = now() where id = $1', [
    userId,
    until,
  ])
}

export const isBanned = (user: UserRecord) => user.banned_until !== null && user.banned_until > new Date()

export type UserPage = { users: UserRecord[]; total: number }

/** One page of the project's users, newest first (GoTrue's FindUsersInAudience). */
export async function listUsers(sql: Sql, page: number, perPage: number): Promise<UserPage> {
  const { rows } = await sql.query<UserRecord & { total: string }>(
    `select ${USER_COLUMNS}, count(*) over () as total from auth.users
     where instance_id = $1 and aud = 'authenticated'
     order by created_at desc, id desc limit $2 offset $3`,
    [INSTANCE_ID, perPage, (page - 1) * perPage],
  )
  let total = rows.length > 0 ? Number(rows[0]?.total) : 0
  if (rows.length === 0 && page > 1) {
    const counted = await sql.query<{ total: string }>(
      `select count(*) as total from auth.users where instance_id = $1 and aud = 'authenticated'`,
      [INSTANCE_ID],
    )
    total = Number(counted.rows[0]?.total ?? 0)
  }
  return { users: rows.map(({ total: _total, ...user }) => user as UserRecord), total }
}

/** The identities of several users at once, by user id. */
export async function identitiesOfUsers(sql: Sql, userIds: string[]): Promise<Map<string, IdentityRecord[]>> {
  const { rows } = await sql.query<IdentityRecord>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  )
  const byUser = new Map<string, IdentityRecord[]>()
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row])
  return byUser
}

/** Removes the user; its identities, sessions and refresh tokens go with it (foreign keys cascade). */
export async function deleteUser(sql: Sql, userId: string): Promise<void> {
  await sql.query('delete from auth.users where id = $1', [userId])
}

/**
 * GoTrue's soft delete: the row stays (so rows referencing it survive) but nothing identifies the person:
 * email and phone are replaced by a hash, password, tokens and metadata cleared, identities emptied and
 * their provider ids hashed, and every session ends.
 */
export async function softDeleteUser(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `update auth.users set
       email = case when coalesce(email, '') = '' then email
         else rtrim(translate(encode(extensions.digest(id::text || email, 'sha256'), 'base64'), '+/', '-_'), '=') end,
       phone = case when coalesce(phone, '') = '' then phone
         else left(translate(encode(extensions.digest(id::text || phone, 'sha256'), 'base64'), '+/', '-_'), 15) end,
       email_change = '', phone_change = '', encrypted_password = null, confirmation_token = '',
       recovery_token = '', email_change_token_current = '', email_change_token_new = '',
       phone_change_token = '', reauthentication_token = '',
       raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(), updated_at = now()
     where id = $1`,
    [userId],
  )
  await sql.query(
    `update auth.identities set identity_data = '{}',
       provider_id = rtrim(translate(encode(extensions.digest(user_id::text || provider || ':' || provider_id, 'sha256'),
         'base64'), '+/', '-_'), '='),
       updated_at = now()
     where user_id = $1`,
    [userId],
  )
  await sql.query('delete from auth.sessions where user_id = $1', [userId])
}

/** An anonymous user (`signInAnonymously`): no email, no identity, `is_anonymous`, with the given data. */
export async function createAnonymousUser(sql: Sql, data: Json): Promise<string> {
  const id = randomUUID()
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data,
       confirmation_token, recovery_token, email_change_token_new, email_change, is_super_admin,
       is_anonymous, created_at, updated_at)
     values ($1, $2, 'authenticated', '', $3, $4, '', '', '', '', false, true, now(), now())`,
    [INSTANCE_ID, id, { provider: 'anonymous', providers: ['anonymous'] }, data],
  )
  await setRole(sql, id, 'authenticated')
  return id
}

/** An anonymous user who now has a confirmed email is a permanent user, with email among its providers. */
export async function makePermanent(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `update auth.users set is_anonymous = false, updated_at = now(),
       raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || '{"provider": "email", "providers": ["email"]}'
     where id = $1 and is_anonymous`,
    [userId],
  )
}

/** Deletes one identity of the user; the providers list follows the identities left. */
export async function deleteIdentity(sql: Sql, userId: string, identityId: string): Promise<void> {
  await sql.query('delete from auth.identities where id = $1 and user_id = $2', [identityId, userId])
  const { rows } = await sql.query<{ provider: string }>(
    'select provider from auth.identities where user_id = $1 group by provider order by min(created_at)',
    [userId],
  )
  const providers = rows.map((row) => row.provider)
  const user = await findUserById(sql, userId)
  await setAppMetadata(sql, userId, {
    ...(user?.raw_app_meta_data ?? {}),
    providers,
    ...(providers[0] ? { provider: providers[0] } : {}),
  })
}
