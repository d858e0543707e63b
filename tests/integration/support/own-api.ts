import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { loadConfig } from '@roost/local-supabase/config'
import { prepareDatabase } from '@roost/local-supabase/db/bootstrap'
import { connectDatabase } from '@roost/local-supabase/db/database'
import { buildApp } from '@roost/local-supabase/http/app'
import { fileOutbox } from '@roost/local-supabase/mail/outbox'
import type { Hono } from 'hono'
import { inject } from 'vitest'

export type OwnApi = { url: string; anonKey: string; serviceRoleKey: string; close(): Promise<void> }

/**
 * A second API of the integration stack's database, in this process, with the stack's defaults: Auth's
 * per-IP rate limits on. The shared stack lifts them, since every test request comes from one address.
 * `env` changes other settings (anonymous sign-ins, signing keys…) for this API alone.
 */
export async function startOwnApi(env: Record<string, string> = {}): Promise<OwnApi> {
  const db = connectDatabase(await prepareDatabase(inject('databaseUrl'), inject('jwtSecret')))
  let app: Hono | undefined
  const server = serve({
    fetch: (request, env) => (app as Hono).fetch(request, env),
    hostname: '127.0.0.1',
    port: 0,
  })
  await new Promise((resolve) => server.once('listening', resolve))
  const port = (server.address() as AddressInfo).port
  const dataDir = inject('dataDir')
  const config = loadConfig(
    { ...process.env, LOCAL_DATA_DIR: dataDir, LOCAL_AUTH_RATE_LIMITS: 'on', ...env },
    { apiPort: port },
  )
  app = buildApp({ config, db, outbox: fileOutbox(`${dataDir}/mail`) })
  return {
    url: config.apiUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await db.close()
    },
  }
}
