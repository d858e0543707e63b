import type { Server } from 'node:http'
import path from 'node:path'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { buildStaticApp } from './app-server/static-app'
import type { StackConfig } from './config'
import { prepareDatabase } from './db/bootstrap'
import { connectDatabase, type Database } from './db/database'
import { migrate } from './db/migrate'
import { type PostgresServer, startPostgres } from './db/postgres-server'
import { buildApp } from './http/app'
import type { StackDeps } from './http/deps'
import { fileOutbox } from './mail/outbox'
import { buildMailApp } from './mail/server'
import { loadSeedObjects } from './seed/seed-objects'

export type RunningStack = {
  config: StackConfig
  deps: StackDeps
  db: Database
  /** Whether this start loaded the seed (a fresh database). */
  seeded: boolean
  /** The cluster's superuser, for tools and tests that inspect the database; no service uses it. */
  superuserUrl: string
  stop(): Promise<void>
}

function listen(app: Hono, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => resolve(server as Server))
    ;(server as Server).once('error', reject)
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/**
 * Starts the local Supabase-compatible stack: Postgres (unless DATABASE_URL names one), migrations and
 * seed, the API, the mail outbox, and optionally the app's production build.
 */
export async function startStack(
  config: StackConfig,
  opts: { log?: (line: string) => void; appDist?: string } = {},
): Promise<RunningStack> {
  const log = opts.log ?? (() => {})
  const servers: Server[] = []
  let postgres: PostgresServer | undefined
  let db: Database | undefined
  const stop = async () => {
    await Promise.all(servers.map(close))
    await db?.close()
    await postgres?.stop()
  }
  try {
    let url = config.databaseUrl
    if (!url) {
      postgres = await startPostgres({
        dataDir: config.dataDir,
        port: config.dbPort,
        durable: config.durable,
        log,
      })
      url = postgres.url
    }
    db = connectDatabase(await prepareDatabase(url, config.jwtSecret, log))
    const { seeded } = await migrate(db.admin, { log, seed: config.seed })
    const deps: StackDeps = { config, db, outbox: fileOutbox(path.join(config.dataDir, 'mail')) }
    servers.push(await listen(buildApp(deps), config.apiPort))
    // The seed's images go through the Storage API, so they need it listening; a failure leaves the demo
    // without pictures but the stack usable.
    if (config.seed) await loadSeedObjects(deps).catch((error: Error) => log(`warning: ${error.message}`))
    servers.push(await listen(buildMailApp(deps.outbox), config.mailPort))
    if (opts.appDist) servers.push(await listen(buildStaticApp(opts.appDist), config.appPort))
    return { config, deps, db, seeded, superuserUrl: url, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
