import { randomUUID } from 'node:crypto'
import { newRefreshToken } from '../tokens'
import type { AmrEntry } from '../user-json'
import { INSTANCE_ID, type Sql } from './sql'

export type RefreshTokenRecord = {
  id: string
  token: string
  user_id: string
  revoked: boolean
  parent: string | null
  session_id: string | null
  updated_at: Date
}

export async function createSession(
  sql: Sql,
  userId: string,
  method: string,
  client: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<string> {
  const id = randomUUID()
  await sql.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [id, userId, client.userAgent ?? null, client.ip ?? null],
  )
  await sql.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)`,
    [randomUUID(), id, method],
  )
  return id
}

export async function sessionExists(sql: Sql, sessionId: string): Promise<boolean> {
  const { rowCount } = await sql.query('select 1 from auth.sessions where id = $1', [sessionId])
  return rowCount === 1
}

export async function sessionCreatedAt(sql: Sql, sessionId: string): Promise<Date | undefined> {
  const { rows } = await sql.query<{ created_at: Date }>(
    'select created_at from auth.sessions where id = $1',
    [sessionId],
  )
  return rows[0]?.created_at
}

/** The session's authentication methods, for the `amr` claim. */
export async function amrOf(sql: Sql, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await sql.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from created_at)::bigint::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by created_at`,
    [sessionId],
  )
  return rows
}

export async function insertRefreshToken(
  sql: Sql,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken()
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  )
  return token
}

/** Finds a refresh token and locks it, so concurrent refreshes of one token take turns. */
export async function lockRefreshToken(sql: Sql, token: string): Promise<RefreshTokenRecord | undefined> {
  const { rows } = await sql.query<RefreshTokenRecord>(
    `select id, token, user_id, revoked, parent, session_id, updated_at
     from auth.refresh_tokens where token = $1 for update`,
    [token],
  )
  return rows[0]
}

/** The session's newest unrevoked token, if any. */
export async function activeRefreshToken(
  sql: Sql,
  sessionId: string,
): Promise<RefreshTokenRecord | undefined> {
  const { rows } = await sql.query<RefreshTokenRecord>(
    `select id, token, user_id, revoked, parent, session_id, updated_at
     from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  )
  return rows[0]
}

export async function revokeRefreshToken(sql: Sql, id: string): Promise<void> {
  await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [id])
}

/** Revokes every token of a session: a reused token means the family may be stolen. */
export async function revokeTokenFamily(sql: Sql, sessionId: string): Promise<void> {
  await sql.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
    [sessionId],
  )
}

export async function touchSession(sql: Sql, sessionId: string): Promise<void> {
  await sql.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
    sessionId,
  ])
}

export type LogoutScope = 'global' | 'local' | 'others'

export async function deleteSessions(
  sql: Sql,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'local' && sessionId) {
    await sql.query('delete from auth.sessions where id = $1', [sessionId])
  } else if (scope === 'others') {
    await sql.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
      userId,
      sessionId,
    ])
  } else {
    await sql.query('delete from auth.sessions where user_id = $1', [userId])
  }
}
