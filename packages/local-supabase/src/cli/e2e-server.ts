// One end-to-end stack: a production build pointed at its own stack, on a freshly seeded database, on ports
// apart from `npm start`'s; which one is ROOST_E2E_SLOT (packages/local-supabase/src/cli/e2e-ports.ts).
// packages/local-supabase/src/cli/e2e-servers.ts starts one per Playwright worker.
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig, PROJECT_DIR, stackEnv } from '../config'
import { removeRelocatedCluster } from '../db/postgres-server'
import { loadOrCreateVapidKeys } from '../functions/vapid'
import { startStack } from '../stack'
import { buildAppIfNeeded } from './build-app'
import { E2E_DIST, E2E_PORTS, E2E_SLOT, E2E_VAPID_DIR, e2eDataDir } from './e2e-ports'
import { fail, log, runUntilSignal } from './run'

const dataDir = e2eDataDir(E2E_SLOT)
const dist = E2E_DIST
const apiUrl = `http://127.0.0.1:${E2E_PORTS.apiPort}`
const vapidKeys = loadOrCreateVapidKeys(E2E_VAPID_DIR)
/** The CA of the stand-in push service's certificate (tests/integration/support/push-service.ts). */
const TEST_PUSH_SERVICE_CA = path.join(
  PROJECT_DIR,
  'tests',
  'integration',
  'support',
  'push-service-tls',
  'ca.pem',
)

fs.rmSync(dataDir, { recursive: true, force: true })
removeRelocatedCluster(dataDir)
try {
  buildAppIfNeeded(dist, { env: { VITE_SUPABASE_URL: apiUrl, VITE_VAPID_PUBLIC_KEY: vapidKeys.publicKey } })
} catch (error) {
  fail(error)
}
const config = loadConfig(
  // Throw-away data, so the run trades crash safety for speed.
  stackEnv(
    { LOCAL_DB_DURABILITY: 'off', LOCAL_AUTH_RATE_LIMITS: 'off' },
    { LOCAL_DATA_DIR: dataDir, LOCAL_DB_PORT: String(E2E_PORTS.dbPort) },
  ),
  {
    ...E2E_PORTS,
    vapidKeys,
    // A test stack: functions may deliver to the stand-in push service on loopback.
    functionEnv: { PUSH_ALLOW_LOOPBACK: 'on', DENO_CERT: TEST_PUSH_SERVICE_CA },
  },
)
const stack = await startStack(config, { log, appDist: dist }).catch(fail)
console.log(`e2e server ready at http://localhost:${E2E_PORTS.appPort}`)
runUntilSignal(stack.stop)
