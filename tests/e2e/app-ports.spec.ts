import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { E2E_PORTS } from '@roost/local-supabase/cli/e2e-ports'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import { ONLINE_ONLY } from './support/service-worker'

/**
 * `npm start` and `npm run dev` build the app for the stack they start: started on other ports
 * (`LOCAL_API_PORT=…`) with VITE_SUPABASE_URL unset, the app they serve sends its requests to that port, and
 * shows the homes it reads there. Each script runs as a person runs it, as a child process, on the database of
 * this spec's e2e stack (DATABASE_URL: no second cluster, no seed, no schedule), so a run takes seconds;
 * `npm start` builds into `dist/` as it always does (again only when the port or the sources change).
 */
test.use(ONLINE_ONLY)

/** Ports apart from the e2e stack's, and from `npm start`'s defaults the bug fell back to. */
const PORTS = {
  app: E2E_PORTS.appPort + 30,
  dev: E2E_PORTS.devPort + 30,
  api: E2E_PORTS.apiPort + 30,
  mail: E2E_PORTS.mailPort + 30,
}
/** The data folder of the scripts' stacks (push keys, stored objects), kept so a build can be reused. */
const DATA_DIR = path.join(PROJECT_DIR, '.local', 'test-app-ports')
/** The Supabase paths of the API: the app's own requests, wherever its data's photos point. */
const API_PATH = /^\/(rest|auth|realtime|functions)\/v1\//

type Script = { child: ChildProcess; output: () => string }

/** The script a test started, stopped after it whatever happened. */
let running: Script | undefined
test.afterEach(async () => {
  await stop(running)
  running = undefined
})

/** The stack's command, as `npm start` and `npm run dev` call it. */
const LOCAL_SUPABASE = path.join(PROJECT_DIR, 'node_modules', '.bin', 'local-supabase')

/** Runs a package script's command (`local-supabase start`, `… dev`) on PORTS until `url` answers. */
async function runScript(entry: string, url: string): Promise<Script> {
  const answers = () =>
    fetch(url).then(
      (response) => response.ok,
      () => false,
    )
  if (await answers())
    throw new Error(`${url} answers before ${entry} started: another server holds its port`)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_PORT: String(PORTS.app),
    DEV_PORT: String(PORTS.dev),
    LOCAL_API_PORT: String(PORTS.api),
    LOCAL_MAIL_PORT: String(PORTS.mail),
    LOCAL_DATA_DIR: DATA_DIR,
    DATABASE_URL: `postgres://supabase_admin@127.0.0.1:${E2E_PORTS.dbPort}/postgres`,
    LOCAL_SEED: 'off',
    LOCAL_FUNCTIONS_SCHEDULER: 'off',
  }
  delete env.VITE_SUPABASE_URL
  // The command npm runs, by Node itself (not npm), so that SIGINT reaches it as Ctrl-C would.
  const child = spawn(process.execPath, [LOCAL_SUPABASE, entry], {
    cwd: PROJECT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const script = { child, output: () => output }
  running = script
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${entry} ended (${child.exitCode}) before it was ready:\n${output}`)
    if (await answers()) return script
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Stops a script as Ctrl-C would, and waits for it to end. */
function stop(script: Script | undefined): Promise<void> {
  const child = script?.child
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGINT')
  })
}

/** Opens Explore at `origin` and returns the ports the app's API requests went to, once it shows homes. */
async function apiPortsOfExplore(page: Page, origin: string): Promise<Set<string>> {
  const ports = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (API_PATH.test(url.pathname)) ports.add(url.port)
  })
  await page.goto(`${origin}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('group', { name: '1 / 5' }).getByRole('link')).toBeVisible({ timeout: 60_000 })
  return ports
}

test('npm start on other ports serves an app that calls its own stack', async ({ page }) => {
  test.setTimeout(240_000)
  await runScript('start', `http://localhost:${PORTS.app}/`)
  const ports = await apiPortsOfExplore(page, `http://localhost:${PORTS.app}`)
  expect([...ports], 'the ports the app sent its API requests to').toEqual([String(PORTS.api)])
})

test('npm run dev on other ports serves an app that calls its own stack', async ({ page }) => {
  test.setTimeout(240_000)
  await runScript('dev', `http://localhost:${PORTS.dev}/`)
  const ports = await apiPortsOfExplore(page, `http://localhost:${PORTS.dev}`)
  expect([...ports], 'the ports the app sent its API requests to').toEqual([String(PORTS.api)])
})
