// `npm run dev`: the local stack plus Vite's dev server with hot reload.
import { spawn } from 'node:child_process'
import { childProcessEnv, loadConfig, REPO_ROOT } from '../config'
import { startStack } from '../stack'
import { appBuildEnv } from './build-app'
import { fail, log, runUntilSignal } from './run'
import { statusText } from './status'

const stack = await startStack(loadConfig(), { log }).catch(fail)
console.log(statusText(stack.config, { app: 'http://localhost:5173' }))
const vite = spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  // The app calls the stack on its port and subscribes to Web Push with the stack's VAPID public key.
  env: childProcessEnv(appBuildEnv(stack.config, stack.vapidKeys.publicKey)),
})
runUntilSignal(async () => {
  vite.kill('SIGTERM')
  await stack.stop()
})
