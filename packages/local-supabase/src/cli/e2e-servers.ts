// The end-to-end test servers: one stack per Playwright worker (ROOST_E2E_WORKERS), each a child running
// e2e-server.ts with its own ROOST_E2E_SLOT, started side by side. Prints `e2e servers ready` once every
// stack answers, which is what playwright.config.ts waits for; Ctrl-C or SIGTERM stops them all.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { childProcessEnv, e2eWorkers } from '../config'
import { loadOrCreateVapidKeys } from '../functions/vapid'
import { E2E_VAPID_DIR } from './e2e-ports'
import { fail, runUntilSignal } from './run'

const SERVER = path.join(import.meta.dirname, 'e2e-server.ts')
const READY = /^e2e server ready at /

/** Starts stack `slot` and resolves once it says it is ready; rejects if it ends first. */
function startSlot(slot: number, children: ChildProcess[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: childProcessEnv({ ROOST_E2E_SLOT: String(slot) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const prefix = `[e2e ${slot}]`
  readline.createInterface({ input: child.stderr }).on('line', (line) => console.error(`${prefix} ${line}`))
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`${prefix} ${line}`)
      if (READY.test(line)) resolve()
    })
    child.once('exit', (code) => reject(new Error(`End-to-end stack ${slot} ended (exit code ${code})`)))
  })
}

/** Stops every stack the way Ctrl-C would, and waits until each has ended. */
function stopAll(children: ChildProcess[]): Promise<void> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGINT')
        }),
    ),
  ).then(() => undefined)
}

// Made once here, so the stacks starting side by side do not each create a different pair.
loadOrCreateVapidKeys(E2E_VAPID_DIR)
const children: ChildProcess[] = []
runUntilSignal(() => stopAll(children))
const slots = Array.from({ length: e2eWorkers() }, (_, slot) => slot)
await Promise.all(slots.map((slot) => startSlot(slot, children))).catch(async (error: unknown) => {
  await stopAll(children)
  fail(error)
})
console.log(`e2e servers ready: ${slots.length}`)
