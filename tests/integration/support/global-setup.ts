import fs from 'node:fs'
import path from 'node:path'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { removeRelocatedCluster } from '@roost/local-supabase/db/postgres-server'
import { type RunningStack, startStack } from '@roost/local-supabase/stack'
import type { TestProject } from 'vitest/node'
import { PUSH_SERVICE_FUNCTION_ENV } from './push-service'

/**
 * Ports of the integration stack: apart from `npm start`'s, so both can run at once.
 * ROOST_TEST_PORT_OFFSET moves them, for several checkouts testing side by side.
 */
const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)
export const INTEGRATION_PORTS = {
  apiPort: 25321 + offset,
  dbPort: 25322 + offset,
  mailPort: 25324 + offset,
  appPort: 25173 + offset,
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string
    mailUrl: string
    anonKey: string
    serviceRoleKey: string
    jwtSecret: string
    databaseUrl: string
    dataDir: string
    /** The stack's VAPID public key: what pushes its functions send are signed with. */
    vapidPublicKey: string
  }
}

let stack: RunningStack | undefined

/** Starts one local stack on a fresh data folder for the whole integration run. */
export async function setup(project: TestProject): Promise<void> {
  const dataDir = path.join(PROJECT_DIR, '.local', 'test-integration')
  fs.rmSync(dataDir, { recursive: true, force: true })
  removeRelocatedCluster(dataDir)
  const config = loadConfig(
    {
      // Throw-away data: the suite trades crash safety for speed (the fault-injection test runs its own
      // durable stack).
      LOCAL_DB_DURABILITY: 'off',
      LOCAL_AUTH_RATE_LIMITS: 'off',
      // Tests invoke functions themselves, when they choose (functions-scheduler.test.ts covers the
      // scheduler with a stack of its own).
      LOCAL_FUNCTIONS_SCHEDULER: 'off',
      ...process.env,
      LOCAL_DATA_DIR: dataDir,
      LOCAL_DB_PORT: String(INTEGRATION_PORTS.dbPort),
    },
    // Functions may deliver to the stand-in push service on loopback (support/push-service.ts).
    { ...INTEGRATION_PORTS, functionEnv: PUSH_SERVICE_FUNCTION_ENV },
  )
  stack = await startStack(config)
  project.provide('apiUrl', config.apiUrl)
  project.provide('mailUrl', config.mailUrl)
  project.provide('anonKey', config.anonKey)
  project.provide('serviceRoleKey', config.serviceRoleKey)
  project.provide('jwtSecret', config.jwtSecret)
  // The cluster's superuser, for tests that set up or inspect data; the stack itself never uses it.
  project.provide('databaseUrl', stack.superuserUrl)
  project.provide('dataDir', dataDir)
  project.provide('vapidPublicKey', stack.vapidKeys.publicKey)
}

export async function teardown(): Promise<void> {
  await stack?.stop()
}
