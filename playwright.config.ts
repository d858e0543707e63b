import fs from 'node:fs'
import { defineConfig } from '@playwright/test'
import { E2E_APP_URL } from '@roost/local-supabase/cli/e2e-ports'
import { e2eWorkers } from '@roost/local-supabase/config'
import { E2E_REPORT } from './tests/e2e-failures'

const APP = E2E_APP_URL

/**
 * Debian's Chromium: Playwright's own browser download cannot work on these machines. The specs run in its
 * headless shell (Debian's `chromium-headless-shell`, the same engine without the browser's own windows and
 * tab strip, which cost the full browser about a third of the suite's CPU); the push specs need the full
 * browser, whose notifications the shell does not keep. Without the shell, every spec runs in the browser.
 */
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const SHELL_PATH = process.env.CHROME_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
const chromiumArgs = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--enable-unsafe-swiftshader',
]
const launch = (executablePath: string) => ({ executablePath, args: chromiumArgs })
const shell = launch(fs.existsSync(SHELL_PATH) ? SHELL_PATH : CHROMIUM_PATH)
const browser = launch(CHROMIUM_PATH)
const NEEDS_FULL_BROWSER = /push\.spec\.ts$/

/**
 * A phone's screen, touch and user agent, drawn at one device pixel per CSS pixel: the specs check what the
 * app does, and the headless shell draws every pixel on the CPU: at a phone's density of 2, six of the specs
 * took a fifth more CPU (172 s against 144). The bench's Lighthouse and main-thread runs measure the app as a
 * phone draws it.
 */
const phone = {
  browserName: 'chromium',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
} as const

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One stack per worker (packages/local-supabase/src/cli/e2e-servers.ts; ROOST_E2E_WORKERS, 2 by default): a worker's specs run in order on
  // its own stack, whose base URL each worker reads from its parallel index (e2e-ports.ts).
  workers: e2eWorkers(),
  forbidOnly: true,
  retries: 0,
  // The list as it runs; the JSON is what `npm test` reads to repeat each failure's first lines under its summary.
  reporter: [['list'], ['json', { outputFile: E2E_REPORT }]],
  use: {
    baseURL: APP,
    // A trace records each action's DOM and a screencast: on these 2 cores that costs the suite about a third of its
    // time, so it is kept only on request (ROOST_E2E_TRACE=1, then for each failing test). A failure's screenshot is cheap.
    trace: process.env.ROOST_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    { name: 'phone', testIgnore: NEEDS_FULL_BROWSER, use: { ...phone, launchOptions: shell } },
    { name: 'phone-browser', testMatch: NEEDS_FULL_BROWSER, use: { ...phone, launchOptions: browser } },
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
