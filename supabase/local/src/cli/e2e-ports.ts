import { e2ePortOffset } from '../config'

/**
 * Ports of the end-to-end stack (supabase/local/src/cli/e2e-server.ts), apart from `npm start`'s.
 * ROOST_E2E_PORT_OFFSET moves them all, for several checkouts testing side by side.
 */
const offset = e2ePortOffset()

export const E2E_PORTS = {
  appPort: 26173 + offset,
  /** Vite's dev server, which tests/e2e/dev-warnings.spec.ts starts for itself. */
  devPort: 26175 + offset,
  apiPort: 26321 + offset,
  dbPort: 26322 + offset,
  mailPort: 26324 + offset,
}

export const E2E_APP_URL = `http://localhost:${E2E_PORTS.appPort}`
export const E2E_DEV_URL = `http://127.0.0.1:${E2E_PORTS.devPort}`
export const E2E_API_URL = `http://127.0.0.1:${E2E_PORTS.apiPort}`
export const E2E_MAIL_URL = `http://127.0.0.1:${E2E_PORTS.mailPort}`
