import path from 'node:path'
import { connectDatabase } from './database'
import { migrate } from './migrate'
import { applySchemaFiles } from './schema-files'
import { type ThrowawayDatabase, withThrowawayDatabase } from './throwaway'

export type SchemaDatabases = { migrations: ThrowawayDatabase; schemas: ThrowawayDatabase }

/**
 * Two throw-away databases side by side, on `port` and `port + 1` under `dataDir`: one built from
 * supabase/migrations (no seed) and one from supabase/schemas, for `use` to compare. A schema file that
 * does not apply throws its SchemaFileError (file, line, Postgres's message).
 */
export async function withSchemaDatabases<T>(
  opts: { dataDir: string; port: number; jwtSecret: string },
  use: (databases: SchemaDatabases) => Promise<T>,
): Promise<T> {
  const at = (name: string, port: number) => ({
    dataDir: path.join(opts.dataDir, name),
    port,
    jwtSecret: opts.jwtSecret,
  })
  return withThrowawayDatabase(at('migrations', opts.port), (migrations) =>
    withThrowawayDatabase(at('schemas', opts.port + 1), async (schemas) => {
      await Promise.all([fromMigrations(migrations), applySchemaFiles(schemas.owner)])
      return use({ migrations, schemas })
    }),
  )
}

async function fromMigrations(database: ThrowawayDatabase): Promise<void> {
  const db = connectDatabase(database)
  try {
    await migrate(db.admin, { seed: false })
  } finally {
    await db.close()
  }
}
