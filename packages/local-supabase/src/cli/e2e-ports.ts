import path from 'node:path'
import { e2ePortOffset, e2eSlot, PROJECT_DIR } from '../config'

/**
 * The end-to-end suite runs one stack per Playwright worker, each on its own ports, database and build, so
 * specs in different workers never see each other's listings. A stack's slot is its worker's parallel index.
 */
/**
 * How far each stack's ports sit from the first's: 26xxx, then 24xxx, 23xxx and 21xxx, clear of the integration
 * stacks' (25xxx, 22xxx, 27xxx) and the bench's (28xxx), and below Linux's range for outgoing connections.
 */
const SLOT_SHIFTS = [0, -2000, -3000, -5000]
export const E2E_MAX_WORKERS = SLOT_SHIFTS.length

/** Ports of end-to-end stack `slot`, apart from `npm start`'s. ROOST_E2E_PORT_OFFSET moves them all. */
export function e2ePorts(slot: number) {
  const shift = SLOT_SHIFTS[slot]
  if (shift === undefined) throw new Error(`There are ${E2E_MAX_WORKERS} end-to-end stacks at most`)
  const base = e2ePortOffset() + shift
  return {
    appPort: 26173 + base,
    /** Vite's dev server, which tests/e2e/dev-warnings.spec.ts starts for itself. */
    devPort: 26175 + base,
    apiPort: 26321 + base,
    dbPort: 26322 + base,
    mailPort: 26324 + base,
  }
}

/** The production build stack `slot` serves (each is built for its own API address). */
export function e2eDist(slot: number): string {
  return path.join(PROJECT_DIR, '.local', slot === 0 ? 'e2e-dist' : `e2e-dist-${slot}`)
}

/** The throw-away data folder of stack `slot`. */
export function e2eDataDir(slot: number): string {
  return path.join(PROJECT_DIR, '.local', slot === 0 ? 'test-e2e' : `test-e2e-${slot}`)
}

/**
 * The push keys every end-to-end stack shares: kept apart from the data folders, which each run wipes, so
 * builds made with the public key are reused.
 */
export const E2E_VAPID_DIR = path.join(PROJECT_DIR, '.local', 'e2e-vapid')

/** This process's stack: the server's own, or the one of the Playwright worker running the spec. */
export const E2E_SLOT = e2eSlot()
export const E2E_PORTS = e2ePorts(E2E_SLOT)
export const E2E_DIST = e2eDist(E2E_SLOT)

export const E2E_APP_URL = `http://localhost:${E2E_PORTS.appPort}`
export const E2E_DEV_URL = `http://127.0.0.1:${E2E_PORTS.devPort}`
export const E2E_API_URL = `http://127.0.0.1:${E2E_PORTS.apiPort}`
export const E2E_MAIL_URL = `http://127.0.0.1:${E2E_PORTS.mailPort}`
