import { defineConfig } from '@playwright/test'
import { E2E_APP_URL } from './supabase/local/src/cli/e2e-ports'

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
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: APP,
    trace: 'retain-on-failure',
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
    command: 'node --import tsx supabase/local/src/cli/e2e-server.ts',
    url: `${APP}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
  },
})
