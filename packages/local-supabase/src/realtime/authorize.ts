import type pg from 'pg'

/** What a caller may do on one topic, as the RLS of realtime.messages decides. */
export type TopicRights = {
  readBroadcast: boolean
  readPresence: boolean
  writeBroadcast: boolean
  writePresence: boolean
}

export const NO_RIGHTS: TopicRights = {
  readBroadcast: false,
  readPresence: false,
  writeBroadcast: false,
  writePresence: false,
}

/** The roles a token may act as; any other role claim is refused before the database is asked. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

/**
 * Asks Postgres what the caller may do on `topic`, as hosted Realtime does: in one transaction that is
 * always rolled back, a broadcast row and a presence row for the topic are inserted as the owner; then, as
 * the caller's role with the caller's claims and `realtime.topic` set, the rows the caller can select say
 * what it may read, and an insert of its own (in a savepoint) what it may write.
 */
export async function authorizeTopic(
  pool: pg.Pool,
  claims: Record<string, unknown> & { role: string },
  topic: string,
): Promise<TopicRights> {
  if (!API_ROLES.has(claims.role)) return NO_RIGHTS
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('begin')
    const seeded = await client.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension, private, event, payload)
       values ($1, 'broadcast', true, 'authorization', '{}'), ($1, 'presence', true, 'authorization', '{}')
       returning id::text, extension`,
      [topic],
    )
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
              set_config('realtime.topic', $4, true)`,
      [claims.role, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', topic],
    )
    const readable = await client.query<{ extension: string }>(
      'select extension from realtime.messages where id = any($1::uuid[]) and topic = realtime.topic()',
      [seeded.rows.map((row) => row.id)],
    )
    const read = new Set(readable.rows.map((row) => row.extension))
    const mayWrite = async (extension: string) => {
      await client.query('savepoint write_check')
      try {
        await client.query(
          `insert into realtime.messages (topic, extension, private, event, payload)
           values ($1, $2, true, 'authorization', '{}')`,
          [topic, extension],
        )
        return true
      } catch {
        return false
      } finally {
        await client.query('rollback to savepoint write_check')
      }
    }
    const rights: TopicRights = {
      readBroadcast: read.has('broadcast'),
      readPresence: read.has('presence'),
      writeBroadcast: await mayWrite('broadcast'),
      writePresence: await mayWrite('presence'),
    }
    await client.query('rollback')
    return rights
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError
    })
    throw error
  } finally {
    client.release(broken)
  }
}
