// `npm start`: build the app if needed, start the local stack and serve the production build.
// `npm start -- --verbose` also shows the build's own output (always shown when the build fails).
import path from 'node:path'
import { loadConfig, PROJECT_DIR } from '../config'
import { loadOrCreateVapidKeys } from '../functions/vapid'
import { startStack } from '../stack'
import { appBuildEnv, buildAppIfNeeded } from './build-app'
import { fail, log, runUntilSignal } from './run'
import { statusText } from './status'

const config = loadConfig()
const dist = path.join(PROJECT_DIR, 'dist')
const verbose = process.argv.includes('--verbose')
try {
  // The app calls the stack on its port, and subscribes to Web Push with the stack's VAPID public key,
  // generated on the first start; a build made for another port or key is made again.
  const vapid = loadOrCreateVapidKeys(config.dataDir)
  buildAppIfNeeded(dist, { verbose, env: appBuildEnv(config, vapid.publicKey) })
} catch (error) {
  fail(error)
}
const started = performance.now()
const stack = await startStack(config, { log, appDist: dist }).catch(fail)
const app = `http://localhost:${config.appPort}`
console.log(statusText(stack.config, { app }))
console.log(
  `Roost is ready at ${app} (stack started in ${Math.round(performance.now() - started)} ms). Ctrl-C stops it.`,
)
runUntilSignal(stack.stop)
