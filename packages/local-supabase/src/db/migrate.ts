import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { PROJECT_DIR } from '../config'
import { runsOutsideTransaction, splitStatements } from './sql-statements'

const MIGRATIONS_DIR = path.join(PROJECT_DIR, 'supabase', 'migrations')
const SEED_FILE = path.join(PROJECT_DIR, 'supabase', 'seed.sql')
const MIGRATION_NAME = /^([0-9]+)_(.*)\.sql$/

export type MigrationFile = { version: string; name: string; file: string }

/** Migration files in the order the Supabase CLI applies them (by their numeric version). */
export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .flatMap((file) => {
      const match = MIGRATION_NAME.exec(file)
      return match?.[1] && match[2] ? [{ version: match[1], name: match[2], file: path.join(dir, file) }] : []
    })
    .sort((a, b) => (BigInt(a.version) < BigInt(b.version) ? -1 : 1))
}

async function inTransaction(client: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('begin')
  try {
    await work()
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}

/**
 * Brings a database up to date (after prepareDatabase): each migration not yet recorded in
 * `supabase_migrations.schema_migrations` (one transaction each, as the CLI does), then the seed once.
 * Returns the versions applied and whether the seed ran now.
 */
export async function migrate(
  pool: pg.Pool,
  opts: { seed?: boolean; log?: (line: string) => void } = {},
): Promise<{ applied: string[]; seeded: boolean }> {
  const log = opts.log ?? (() => {})
  const client = await pool.connect()
  try {
    // One stack at a time may migrate a database.
    await client.query('select pg_advisory_lock(5432100)')
    const done = new Set(
      (
        await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
      ).rows.map((r) => r.version),
    )
    const applied: string[] = []
    for (const migration of listMigrations()) {
      if (done.has(migration.version)) continue
      log(`applying migration ${path.basename(migration.file)}`)
      const sql = fs.readFileSync(migration.file, 'utf8')
      const record = () =>
        client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        )
      if (runsOutsideTransaction(sql)) {
        // `create index concurrently` cannot run in a transaction block: statement by statement, recorded
        // once all have run.
        for (const statement of splitStatements(sql)) await client.query(statement.sql)
        await record()
      } else {
        await inTransaction(client, async () => {
          await client.query(sql)
          await record()
        })
      }
      applied.push(migration.version)
    }

    let seeded = false
    if (opts.seed !== false && fs.existsSync(SEED_FILE)) {
      const seedPath = 'supabase/seed.sql'
      const seen = await client.query('select 1 from supabase_migrations.seed_files where path = $1', [
        seedPath,
      ])
      if (seen.rowCount === 0) {
        log('loading the seed')
        const sql = fs.readFileSync(SEED_FILE, 'utf8')
        await inTransaction(client, async () => {
          await client.query(sql)
          await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
            seedPath,
            createHash('sha256').update(sql).digest('hex'),
          ])
        })
        seeded = true
      }
    }
    return { applied, seeded }
  } finally {
    await client.query('select pg_advisory_unlock(5432100)').catch(() => {})
    client.release()
  }
}
