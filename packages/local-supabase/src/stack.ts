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
import { FunctionRuntime } from './functions/runtime'
import { type Scheduler, startScheduler } from './functions/scheduler'
import { functionEntry, readFunctionSecrets, readSchedules } from './functions/settings'
import { loadOrCreateVapidKeys, type VapidKeys } from './functions/vapid'
import { buildApp } from './http/app'
import type { StackDeps } from './http/deps'
import { fileOutbox } from './mail/outbox'
import { buildMailApp } from './mail/server'
import { type RealtimeServer, startRealtime } from './realtime/server'
import { loadSeedObjects } from './seed/seed-objects'

export type RunningStack = {
  config: StackConfig
  deps: StackDeps
  db: Database
  /** Whether this start loaded the seed (a fresh database). */
  seeded: boolean
  /** The cluster's superuser, for tools and tests that inspect the database; no service uses it. */
  superuserUrl: string
  /** The Edge Functions' Deno processes. */
  functions: FunctionRuntime
  /** The VAPID key pair functions send Web Push with (kept in the data folder). */
  vapidKeys: VapidKeys
  /** Realtime at /realtime/v1/websocket on the API's port. */
  realtime: RealtimeServer
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
 * A scheduled call, as hosted Supabase makes it with pg_cron and pg_net: a POST of the schedule's JSON
 * body to the function's URL with the service role key.
 */
async function invokeScheduled(config: StackConfig, name: string, body: unknown): Promise<void> {
  const response = await fetch(`${config.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 500)}`)
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
  let functions: FunctionRuntime | undefined
  let scheduler: Scheduler | undefined
  let realtime: RealtimeServer | undefined
  const stop = async () => {
    scheduler?.stop()
    await realtime?.stop()
    await Promise.all(servers.map(close))
    await functions?.stop()
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
    const urls = await prepareDatabase(url, config.jwtSecret, log)
    db = connectDatabase(urls)
    const { seeded } = await migrate(db.admin, { log, seed: config.seed })
    const vapidKeys = config.vapidKeys ?? loadOrCreateVapidKeys(config.dataDir)
    functions = new FunctionRuntime({
      projectDir: config.functionsProjectDir,
      denoDir: path.join(config.dataDir, 'deno'),
      logFile: path.join(config.dataDir, 'functions.log'),
      // Read at each function start, so a secret added to functions/.env reaches the next start.
      env: () => ({
        VAPID_PUBLIC_KEY: vapidKeys.publicKey,
        VAPID_PRIVATE_KEY: vapidKeys.privateKey,
        VAPID_SUBJECT: config.vapidSubject,
        // Mail goes through the outbox's stand-in for Resend's API; functions/.env may point elsewhere.
        EMAIL_API_URL: `${config.mailUrl}/resend`,
        EMAIL_API_KEY: 'local',
        EMAIL_FROM: 'Roost <no-reply@roost.local>',
        // Where links in emails point: the app.
        APP_URL: config.siteUrl,
        ...readFunctionSecrets(config.functionsProjectDir),
        ...config.functionEnv,
        // What Supabase gives every function (a secret cannot override these there either).
        SUPABASE_URL: config.apiUrl,
        SUPABASE_ANON_KEY: config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
        SUPABASE_DB_URL: urls.owner,
      }),
      log,
    })
    const deps: StackDeps = {
      config,
      db,
      outbox: fileOutbox(path.join(config.dataDir, 'mail')),
      functions,
    }
    const apiServer = await listen(buildApp(deps), config.apiPort)
    servers.push(apiServer)
    realtime = await startRealtime({ config, server: apiServer, ownerUrl: urls.owner, log })
    // The seed's images go through the Storage API, so they need it listening; a failure leaves the demo
    // without pictures but the stack usable.
    if (config.seed) await loadSeedObjects(deps).catch((error: Error) => log(`warning: ${error.message}`))
    servers.push(await listen(buildMailApp(deps.outbox), config.mailPort))
    if (opts.appDist) servers.push(await listen(buildStaticApp(opts.appDist), config.appPort))
    if (config.functionsScheduler) {
      const schedules = readSchedules(config.functionsProjectDir).filter((schedule) => {
        const present = functionEntry(config.functionsProjectDir, schedule.function) !== undefined
        if (!present) log(`schedule ${schedule.name}: no function ${schedule.function}; not scheduled`)
        return present
      })
      scheduler = startScheduler(
        schedules,
        (schedule) => invokeScheduled(config, schedule.function, schedule.body),
        log,
      )
    }
    return { config, deps, db, seeded, superuserUrl: url, functions, vapidKeys, realtime, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
