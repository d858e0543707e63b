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

export type Database = {
  /** Superuser queries: migrations, and the Auth service's own tables (GoTrue owns `auth`). */
  admin: pg.Pool
  /**
   * Runs `work` in one transaction as the caller's role with the caller's claims, so Postgres and its
   * row-level security decide what the caller may do. Rolls back when `work` throws.
   */
  asCaller<T>(scope: RequestScope, work: (client: pg.PoolClient) => Promise<T>): Promise<T>
  /** Runs `work` in one superuser transaction. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>
  close(): Promise<void>
}

// Timestamps and numerics are rendered by Postgres as JSON text; keep bigint and numeric exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v)

export function connectDatabase(url: string): Database {
  const admin = new pg.Pool({ connectionString: url, max: 20, idleTimeoutMillis: 10_000 })
  // A dropped idle connection must not crash the process; the pool replaces it.
  admin.on('error', () => {})

  async function transaction<T>(
    begin: string,
    setup: (client: pg.PoolClient) => Promise<void>,
    work: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const client = await admin.connect()
    try {
      await client.query(begin)
      await setup(client)
      const result = await work(client)
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }

  return {
    admin,
    asCaller(scope, work) {
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
      const names = Object.keys(settings)
      const sql = `select ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`
      const params = names.flatMap((name) => [name, settings[name] ?? ''])
      return transaction(
        scope.readOnly ? 'begin isolation level read committed read only' : 'begin',
        async (client) => {
          await client.query(sql, params)
        },
        work,
      )
    },
    transaction(work) {
      return transaction('begin', async () => {}, work)
    },
    close: () => admin.end(),
  }
}
