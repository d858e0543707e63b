import pg from 'pg'

/** JWT claims as PostgREST and Storage expose them to Postgres through `request.jwt.claims`. */
export type Claims = { role: string; sub?: string; [claim: string]: unknown }

export type RequestScope = {
  claims: Claims
  /** Read-only transactions for reads, as PostgREST runs GET and HEAD. */
  readOnly?: boolean
  method?: string
  path?: string
  headers?: Record<string, string>
  /** Extra transaction-local settings, e.g. `storage.operation`. */
  settings?: Record<string, string>
}

/** Where each service connects, each as its own non-superuser role, as on hosted Supabase. */
export type DatabaseUrls = {
  /** `postgres`: owns the project's schema; migrations, the seed and maintenance. */
  owner: string
  /** `supabase_auth_admin`: the Auth service, which owns the `auth` schema. */
  auth: string
  /** `supabase_storage_admin`: the Storage service, which owns the `storage` schema. */
  storage: string
  /** `authenticator`: the data API, which may only become `anon`, `authenticated` or `service_role`. */
  api: string
}

/** A service's own connections. */
export type ServicePool = {
  pool: pg.Pool
  query: pg.Pool['query']
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>
}

export type Database = {
  /** The schema owner (`postgres`, not a superuser): migrations, seed, maintenance; never a request. */
  admin: pg.Pool
  auth: ServicePool
  storage: ServicePool
  /** The data API's own connections (as `authenticator`), for reading the catalog. */
  api: pg.Pool
  /**
   * Runs `work` in one transaction as the caller's role with the caller's claims, so Postgres and its
   * row-level security decide what the caller may do. Rolls back when `work` throws. The role's own
   * settings (its `statement_timeout`) apply to the transaction, as PostgREST applies them.
   */
  asCaller<T>(scope: RequestScope, work: (client: pg.PoolClient) => Promise<T>): Promise<T>
  /**
   * One read as the caller, as `asCaller` with `readOnly` runs it, in one round trip: the transaction, its
   * settings, the statement (its values written in as literals) and the commit go as one simple query.
   * Values other than text, numbers, booleans and null are sent as parameters, in round trips of their own.
   */
  readAsCaller(scope: RequestScope, statement: { text: string; values: unknown[] }): Promise<pg.QueryResult>
  /** True when the database answers within a second. */
  ping(): Promise<boolean>
  close(): Promise<void>
}

/** The database could not be reached, or no connection came free in time. */
export class DatabaseUnavailable extends Error {
  constructor(
    readonly reason: 'unreachable' | 'pool_timeout',
    cause: unknown,
  ) {
    super(
      reason === 'pool_timeout'
        ? 'Timed out acquiring connection from connection pool.'
        : 'Database client error.',
      {
        cause,
      },
    )
  }
}

/** True for a failure of the connection itself (Postgres gone, backend killed), not of a statement. */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^(08|57P0[123])/.test(code)) return true
  const message = error instanceof Error ? error.message : ''
  return /Connection terminated|ECONNREFUSED|ECONNRESET|not queryable|Client was closed/i.test(message)
}

// Timestamps and numerics are rendered by Postgres as JSON text; keep bigint and numeric exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v)

/** How long a request waits for a free connection before it is answered 504 (PostgREST: PGRST003). */
export const POOL_ACQUIRE_TIMEOUT_MS = 10_000

/** Role settings PostgREST applies per transaction when it switches role. */
const ROLE_SETTINGS = new Set(['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout'])

const ROLE_SETTINGS_SQL = `
select r.rolname as role, s.setconfig as config
from pg_db_role_setting s
join pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by s.setdatabase`

function makePool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: POOL_ACQUIRE_TIMEOUT_MS,
    application_name: 'roost-local',
  })
  // A dropped connection must not crash the process, idle or checked out: the pool replaces it and the
  // request that used it fails on its own.
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    client.on('error', () => {})
  })
  return pool
}

async function acquire(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect()
  } catch (error) {
    const timedOut = error instanceof Error && /timeout/i.test(error.message)
    throw new DatabaseUnavailable(timedOut ? 'pool_timeout' : 'unreachable', error)
  }
}

/**
 * Runs `run` on a connection of `pool`; when it throws, rolls back whatever transaction it left open, and
 * drops the connection if that fails too (Postgres restarted, backend killed) instead of reusing it.
 */
async function onConnection<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await acquire(pool)
  let broken: Error | undefined
  try {
    return await run(client)
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError
    })
    throw error
  } finally {
    client.release(broken)
  }
}

/**
 * Runs `work` in one transaction on a connection of `pool`. `begin` is the statement (or statements) that
 * open the transaction: sent as one simple query, one round trip.
 */
function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return onConnection(pool, async (client) => {
    await client.query(begin)
    const result = await work(client)
    await client.query('commit')
    return result
  })
}

function servicePool(url: string, max: number): ServicePool {
  const pool = makePool(url, max)
  return {
    pool,
    query: pool.query.bind(pool) as pg.Pool['query'],
    transaction: (work) => inTransaction(pool, 'begin', work),
  }
}

/** A quoted identifier, a quoted literal, or a `$n` placeholder (the only thing replaced). */
const PLACEHOLDERS = /("(?:[^"]|"")*")|('(?:[^']|'')*')|(?<![\w$])\$(\d+)/g

/**
 * The statement with each `$n` written as the literal of its value, quoted by the driver; undefined when a
 * value is not text, a number, a boolean or null (its conversion is left to the driver, as a parameter).
 * Placeholders inside quoted identifiers and literals are left alone.
 */
export function withLiterals(statement: { text: string; values: unknown[] }): string | undefined {
  const simple = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)
  if (!statement.values.every(simple)) return undefined
  return statement.text.replace(PLACEHOLDERS, (token, _identifier, _literal, n: string | undefined) => {
    if (n === undefined) return token
    const value = statement.values[Number(n) - 1]
    return value === null || value === undefined ? 'null' : pg.escapeLiteral(String(value))
  })
}

export function connectDatabase(urls: DatabaseUrls): Database {
  const admin = makePool(urls.owner, 5)
  const auth = servicePool(urls.auth, 10)
  const storage = servicePool(urls.storage, 10)
  // Room for a burst of slow anonymous queries (each cut off by its role's statement_timeout) while
  // other requests still find a connection.
  const api = makePool(urls.api, 40)

  let roleSettings: Promise<Map<string, [string, string][]>> | undefined
  const settingsOf = async (role: string) => {
    roleSettings ??= api.query<{ role: string; config: string[] }>(ROLE_SETTINGS_SQL).then(
      ({ rows }) => {
        const byRole = new Map<string, [string, string][]>()
        for (const row of rows) {
          const pairs = byRole.get(row.role) ?? []
          for (const entry of row.config) {
            const at = entry.indexOf('=')
            const name = entry.slice(0, at)
            if (ROLE_SETTINGS.has(name)) pairs.push([name, entry.slice(at + 1)])
          }
          byRole.set(row.role, pairs)
        }
        return byRole
      },
      (error: unknown) => {
        roleSettings = undefined
        throw new DatabaseUnavailable('unreachable', error)
      },
    )
    return (await roleSettings).get(role) ?? []
  }

  /**
   * What opens a request's transaction: `begin` (read only for reads) and the settings of the caller in one
   * `select set_config(…)`, each value quoted by the driver as a literal.
   */
  const openingOf = async (scope: RequestScope) => {
    const settings: Record<string, string> = {
      search_path: 'public, extensions',
      role: scope.claims.role,
      'request.jwt.claims': JSON.stringify(scope.claims),
      'request.jwt.claim.sub': scope.claims.sub ?? '',
      'request.jwt.claim.role': scope.claims.role,
      'request.method': scope.method ?? '',
      'request.path': scope.path ?? '',
      'request.headers': JSON.stringify(scope.headers ?? {}),
      ...scope.settings,
    }
    // Settings of the database role: applied after the role switch, as a login as that role would.
    for (const [name, value] of await settingsOf(scope.claims.role)) settings[name] = value
    const start = scope.readOnly ? 'begin isolation level read committed read only' : 'begin'
    const calls = Object.entries(settings).map(
      ([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`,
    )
    return `${start}; select ${calls.join(', ')}`
  }

  return {
    admin,
    auth,
    storage,
    api,
    async asCaller(scope, work) {
      return inTransaction(api, await openingOf(scope), work)
    },
    async readAsCaller(scope, statement) {
      const opening = await openingOf({ ...scope, readOnly: true })
      const inline = withLiterals(statement)
      if (inline === undefined) {
        return inTransaction(api, opening, (client) => client.query(statement.text, statement.values))
      }
      return onConnection(api, async (client) => {
        // One simple query of four statements; its results are theirs, in order.
        const results = (await client.query(`${opening}; ${inline}; commit`)) as unknown as pg.QueryResult[]
        const result = results[2]
        if (!result) throw new Error('A read as the caller returned no result')
        return result
      })
    },
    async ping() {
      const client = await api.connect().catch(() => undefined)
      if (!client) return false
      let broken: Error | undefined
      try {
        await Promise.race([
          client.query('select 1'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 1_000)),
        ])
        return true
      } catch (error) {
        broken = error as Error
        return false
      } finally {
        client.release(broken)
      }
    },
    close: async () => {
      await Promise.all([admin.end(), auth.pool.end(), storage.pool.end(), api.end()])
    },
  }
}
