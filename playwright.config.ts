import { defineConfig } from '@playwright/test'
import { E2E_APP_URL } from '@roost/local-supabase/cli/e2e-ports'
import { e2eWorkers } from '@roost/local-supabase/config'

const APP = E2E_APP_URL

/** Debian's Chromium: Playwright's own browser download cannot work on these machines. */
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--enable-unsafe-swiftshader',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One stack per worker (packages/local-supabase/src/cli/e2e-servers.ts; ROOST_E2E_WORKERS, 1 by default): a worker's specs run in order on
  // its own stack, whose base URL each worker reads from its parallel index (e2e-ports.ts).
  workers: e2eWorkers(),
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: APP,
    // A trace records each action's DOM and a screencast: on these 2 cores that costs the suite about a third of its
    // time, so it is kept only on request (ROOST_E2E_TRACE=1, then for each failing test). A failure's screenshot is cheap.
    trace: process.env.ROOST_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'node node_modules/@roost/local-supabase/bin/local-supabase.js e2e-servers',
    wait: { stdout: /e2e servers ready/ },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
  },
})
