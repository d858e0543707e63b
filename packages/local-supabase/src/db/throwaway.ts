import fs from 'node:fs'
import { prepareDatabase } from './bootstrap'
import type { DatabaseUrls } from './database'
import { removeRelocatedCluster, startPostgres } from './postgres-server'

/** A database that lives only while `use` runs; `superuser` reads every catalog (the diff needs it). */
export type ThrowawayDatabase = DatabaseUrls & { superuser: string }

/**
 * A fresh Postgres cluster in `dataDir` (wiped before and after) prepared as the stack prepares one, so
 * it holds what a Supabase platform gives a project before its first migration. `use` builds on it.
 */
export async function withThrowawayDatabase<T>(
  opts: { dataDir: string; port: number; jwtSecret: string },
  use: (database: ThrowawayDatabase) => Promise<T>,
): Promise<T> {
  const clear = () => {
    fs.rmSync(opts.dataDir, { recursive: true, force: true })
    removeRelocatedCluster(opts.dataDir)
  }
  clear()
  const postgres = await startPostgres({ dataDir: opts.dataDir, port: opts.port, durable: false })
  try {
    const urls = await prepareDatabase(postgres.url, opts.jwtSecret)
    return await use({ ...urls, superuser: postgres.url })
  } finally {
    await postgres.stop()
    clear()
  }
}
