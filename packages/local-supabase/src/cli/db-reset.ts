// `npm run db:reset`: wipe the local data, re-apply migrations and the seed.
import fs from 'node:fs'
import { loadConfig } from '../config'
import { removeRelocatedCluster } from '../db/postgres-server'
import { startStack } from '../stack'
import { fail, log } from './run'

const config = loadConfig()
if (config.databaseUrl) {
  fail(
    new Error('db:reset wipes the local data folder; with DATABASE_URL set, reset that database yourself.'),
  )
}
fs.rmSync(config.dataDir, { recursive: true, force: true })
removeRelocatedCluster(config.dataDir)
log(`wiped ${config.dataDir}`)
// Ports of a running stack may be taken; the reset only needs the database, on its own port.
const stack = await startStack({ ...config, apiPort: 0, mailPort: 0 }, { log }).catch(fail)
await stack.stop()
log('database reset: migrations applied and seed loaded')
