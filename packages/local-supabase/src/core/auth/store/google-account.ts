import { AuthError } from '../errors'
import { googleIdentityData, withProvider } from '../google-identity'
import { localGoogleSubject } from '../tokens'
import { mergeMetadata } from '../user-json'
import type { Sql } from './sql'
import { confirmEmail, createUser, findUserByEmail, insertIdentity } from './user-store'

/**
 * What Google's callback does in GoTrue: the same Google account signs the same user in again; a verified
 * Google email that matches an existing user is linked to it; otherwise a new user is created.
 */
export async function signInWithGoogleAccount(sql: Sql, email: string, name: string): Promise<string> {
  const subject = localGoogleSubject(email)
  const identityData = googleIdentityData({ subject, email, name })
  const { rows } = await sql.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3, last_sign_in_at = now(), updated_at = now()
     where provider = $1 and provider_id = $2 returning user_id`,
    ['google', subject, identityData],
  )
  const linkedUserId = rows[0]?.user_id
  if (linkedUserId) {
    await updateMetadata(sql, linkedUserId, identityData)
    return linkedUserId
  }
  const existing = await findUserByEmail(sql, email)
  if (existing) {
    await insertIdentity(sql, existing.id, 'google', subject, identityData)
    await sql.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
      existing.id,
      withProvider(existing.raw_app_meta_data, 'google'),
    ])
    await updateMetadata(sql, existing.id, identityData)
    await confirmEmail(sql, existing.id)
    return existing.id
  }
  return createUser(sql, {
    email,
    passwordHash: '',
    rawData: identityData,
    provider: 'google',
    providerId: () => subject,
    identityData: () => identityData,
    confirm: true,
  })
}

async function updateMetadata(
  sql: Sql,
  userId: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  const { rows } = await sql.query<{ raw_user_meta_data: Record<string, unknown> | null }>(
    'select raw_user_meta_data from auth.users where id = $1 for update',
    [userId],
  )
  await sql.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    mergeMetadata(rows[0]?.raw_user_meta_data ?? {}, identityData),
  ])
}

/**
 * Links the chosen Google account to a signed-in user (`linkIdentity`), as GoTrue's linkIdentityToUser:
 * refused when that Google account is already an identity, of this user or another.
 */
export async function linkGoogleAccount(
  sql: Sql,
  userId: string,
  email: string,
  name: string,
): Promise<void> {
  const subject = localGoogleSubject(email)
  const { rows } = await sql.query<{ user_id: string }>(
    'select user_id from auth.identities where provider = $1 and provider_id = $2',
    ['google', subject],
  )
  const owner = rows[0]?.user_id
  if (owner) {
    throw new AuthError(
      422,
      'identity_already_exists',
      owner === userId ? 'Identity is already linked' : 'Identity is already linked to another user',
    )
  }
  const identityData = googleIdentityData({ subject, email, name })
  await insertIdentity(sql, userId, 'google', subject, identityData)
  const { rows: users } = await sql.query<{ raw_app_meta_data: Record<string, unknown> | null }>(
    'select raw_app_meta_data from auth.users where id = $1',
    [userId],
  )
  await sql.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    withProvider(users[0]?.raw_app_meta_data ?? null, 'google'),
  ])
}
