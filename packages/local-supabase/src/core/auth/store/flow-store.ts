import { randomUUID } from 'node:crypto'
import { authErrors } from '../errors'
import type { Sql } from './sql'

export type FlowStateRecord = {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: string
  code_challenge: string
  provider_type: string
  authentication_method: string
  created_at: Date
  auth_code_issued_at: Date | null
}

/** How long an auth code may wait for its exchange (GoTrue's FlowStateExpiryDuration). */
export const FLOW_STATE_TTL_SECONDS = 300

/** How long a flow waits for its user at most: an emailed link lives as long as its code (1 hour). */
const FLOW_STATE_MAX_AGE_SECONDS = 3600
/** Flows waiting at once, across all callers: past this, starting another is refused until some end. */
export const MAX_PENDING_FLOWS = 10_000

/**
 * Starts a flow. Flows nobody finished are removed once they can no longer be, and the number pending is
 * capped, so requests that start flows and never finish them cannot fill the database.
 */
export async function createFlowState(
  sql: Sql,
  input: {
    userId: string | null
    challenge: string
    method: string
    providerType: string
    authenticationMethod: string
  },
): Promise<FlowStateRecord> {
  await sql.query(
    `delete from auth.flow_state where created_at < now() - make_interval(secs => $1)
       or (authentication_method <> 'recovery' and auth_code_issued_at is null
           and created_at < now() - make_interval(secs => $2))`,
    [FLOW_STATE_MAX_AGE_SECONDS, FLOW_STATE_TTL_SECONDS],
  )
  const pending = await sql.query<{ full: boolean }>(
    'select count(*) >= $1 as full from (select 1 from auth.flow_state limit $1) f',
    [MAX_PENDING_FLOWS],
  )
  if (pending.rows[0]?.full) throw authErrors.overRequestRateLimit()
  const { rows } = await sql.query<FlowStateRecord>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())
     returning id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method,
       created_at, auth_code_issued_at`,
    [
      randomUUID(),
      input.userId,
      randomUUID(),
      input.method,
      input.challenge,
      input.providerType,
      input.authenticationMethod,
    ],
  )
  return rows[0] as FlowStateRecord
}

/** Hands the code out: the flow now belongs to a user and its 300 s start. */
export async function issueAuthCode(sql: Sql, flowId: string, userId: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now()
     where id = $1 and auth_code_issued_at is null returning auth_code`,
    [flowId, userId],
  )
  return rows[0]?.auth_code
}

export async function latestFlowOfUser(
  sql: Sql,
  userId: string,
  authenticationMethod: string,
): Promise<FlowStateRecord | undefined> {
  const { rows } = await sql.query<FlowStateRecord>(
    `select id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method,
       created_at, auth_code_issued_at
     from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
    [userId, authenticationMethod],
  )
  return rows[0]
}

export async function takeFlowByCode(sql: Sql, authCode: string): Promise<FlowStateRecord | undefined> {
  const { rows } = await sql.query<FlowStateRecord>(
    `select id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method,
       created_at, auth_code_issued_at
     from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  )
  return rows[0]
}

export async function deleteFlowState(sql: Sql, id: string): Promise<void> {
  await sql.query('delete from auth.flow_state where id = $1', [id])
}
