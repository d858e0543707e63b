// `npm run dev`: the local stack plus Vite's dev server with hot reload, on DEV_PORT (5173).
import { spawn } from 'node:child_process'
import { childProcessEnv, loadConfig, PROJECT_DIR } from '../config'
import { startStack } from '../stack'
import { appBuildEnv, VITE } from './build-app'
import { fail, log, runUntilSignal } from './run'
import { statusText } from './status'

const stack = await startStack(loadConfig(), { log }).catch(fail)
const { devPort } = stack.config
console.log(statusText(stack.config, { app: `http://localhost:${devPort}` }))
const vite = spawn(process.execPath, [VITE, '--port', String(devPort), '--strictPort'], {
  cwd: PROJECT_DIR,
  stdio: 'inherit',
  // The app calls the stack on its port and subscribes to Web Push with the stack's VAPID public key.
  env: childProcessEnv(appBuildEnv(stack.config, stack.vapidKeys.publicKey)),
})
const viteEnded = new Promise<void>((resolve) => vite.once('exit', () => resolve()))
runUntilSignal(async () => {
  if (vite.exitCode === null && vite.signalCode === null) vite.kill('SIGTERM')
  await Promise.all([viteEnded, stack.stop()])
})
