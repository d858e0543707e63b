import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { childProcessEnv, PROJECT_DIR } from '../config'

const INPUTS = [
  'src',
  'build',
  'public',
  'index.html',
  'vite.config.ts',
  'vite-app-env.ts',
  'package-lock.json',
]
/** Vite's command-line entry, run with this Node (not through npx, whose child a signal to npx would leave running). */
export const VITE = path.join(PROJECT_DIR, 'node_modules', 'vite', 'bin', 'vite.js')

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs)
}

/**
 * The variables `npm start` and `npm run dev` build the app with: the stack's own API address (so a stack on
 * other ports, `LOCAL_API_PORT=…`, gets an app that calls it, and a new port means a new build), unless
 * VITE_SUPABASE_URL is set, and the stack's VAPID public key for Web Push.
 */
export function appBuildEnv(
  stack: { apiUrl: string; appSupabaseUrl?: string },
  vapidPublicKey: string,
): Record<string, string> {
  return {
    VITE_SUPABASE_URL: stack.appSupabaseUrl || stack.apiUrl,
    VITE_VAPID_PUBLIC_KEY: vapidPublicKey,
  }
}

export type BuildOptions = {
  /** Extra build-time variables (a build is reused only if it was made with the same ones). */
  env?: NodeJS.ProcessEnv
  /** Show the build's own output as it runs (`npm start -- --verbose`); otherwise only when it fails. */
  verbose?: boolean
  /** Runs the build; Vite by default. */
  run?: (args: string[], options: { env: NodeJS.ProcessEnv; verbose: boolean }) => SpawnSyncReturns<string>
  /** Where progress goes. */
  print?: (line: string) => void
}

const runVite: NonNullable<BuildOptions['run']> = (args, { env, verbose }) =>
  spawnSync(process.execPath, [VITE, ...args], {
    cwd: PROJECT_DIR,
    stdio: verbose ? 'inherit' : 'pipe',
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  })

/**
 * Where a build's variables are recorded: beside the output folder, not in it, so the app server never
 * serves the record.
 */
export function buildEnvRecord(outDir: string): string {
  return `${path.resolve(outDir)}.build-env.json`
}

/**
 * Builds the app into `outDir` unless a build newer than every source file, made with the same extra
 * variables, is already there.
 */
export function buildAppIfNeeded(outDir: string, options: BuildOptions = {}): void {
  const { env = {}, verbose = false, run = runVite, print = console.log } = options
  const stamp = path.join(outDir, 'index.html')
  const record = buildEnvRecord(outDir)
  const wanted = JSON.stringify(
    Object.fromEntries(Object.entries(env).sort(([a], [b]) => a.localeCompare(b))),
  )
  const madeWith = fs.existsSync(record) ? fs.readFileSync(record, 'utf8') : JSON.stringify({})
  const sources = Math.max(...INPUTS.map((p) => newestChange(path.join(PROJECT_DIR, p))))
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > sources && madeWith === wanted) return
  fs.rmSync(record, { force: true })
  print('[app] building the production bundle…')
  const started = performance.now()
  const result = run(['build', '--outDir', outDir, '--emptyOutDir'], {
    env: childProcessEnv(env),
    verbose,
  })
  if (result.status !== 0) {
    // The build's own words are what explain a failure: show them in full, then stop.
    if (!verbose)
      print(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`.trimEnd())
    throw new Error('The app build failed (see above).')
  }
  fs.writeFileSync(record, wanted)
  print(`[app] built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
