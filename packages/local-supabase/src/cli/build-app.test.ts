import type { SpawnSyncReturns } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { appBuildEnv, type BuildOptions, buildAppIfNeeded, buildEnvRecord } from './build-app'

const VITE_OUTPUT =
  'dist/assets/index-abc.js  120.00 kB\n(!) Some chunks are larger than 500 kB\n✓ built in 9.1s\n'

const outcome = (status: number, stdout: string, stderr = ''): SpawnSyncReturns<string> => ({
  pid: 1,
  output: [null, stdout, stderr],
  stdout,
  stderr,
  status,
  signal: null,
})

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function build(status: number, options: Omit<BuildOptions, 'run' | 'print'> = {}) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-build-'))
  dirs.push(outDir)
  const printed: string[] = []
  const runs: { verbose: boolean }[] = []
  const attempt = () =>
    buildAppIfNeeded(outDir, {
      ...options,
      env: { VITE_SUPABASE_URL: 'http://127.0.0.1:1' },
      run: (_args, { verbose }) => {
        runs.push({ verbose })
        return outcome(
          status,
          verbose ? '' : VITE_OUTPUT,
          status === 0 ? '' : 'error: could not resolve "./x"',
        )
      },
      print: (line) => printed.push(line),
    })
  return { attempt, printed, runs }
}

describe('npm start builds the app quietly', () => {
  it('prints two lines for a build that succeeds, not the build output', () => {
    const { attempt, printed } = build(0)
    attempt()
    expect(printed).toHaveLength(2)
    expect(printed[0]).toBe('[app] building the production bundle…')
    expect(printed[1]).toMatch(/^\[app\] built in \d+\.\d s$/)
    expect(printed.join('\n')).not.toContain('dist/assets')
  })

  it('prints the whole build output when the build fails', () => {
    const { attempt, printed } = build(1)
    expect(attempt).toThrow('The app build failed (see above).')
    expect(printed.join('\n')).toContain('dist/assets/index-abc.js')
    expect(printed.join('\n')).toContain('could not resolve "./x"')
  })

  it('lets the build speak for itself with --verbose', () => {
    const { attempt, runs } = build(0, { verbose: true })
    attempt()
    expect(runs).toEqual([{ verbose: true }])
  })
})

describe('a build is reused only as it was made', () => {
  it('reuses a build made with the same variables and rebuilds when they change', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-build-'))
    dirs.push(outDir, buildEnvRecord(outDir))
    let runs = 0
    const attempt = (env: NodeJS.ProcessEnv) =>
      buildAppIfNeeded(outDir, {
        env,
        run: () => {
          runs++
          fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>')
          return outcome(0, '')
        },
        print: () => {},
      })
    attempt({ VITE_SUPABASE_URL: 'http://127.0.0.1:1', VITE_VAPID_PUBLIC_KEY: 'BAAA' })
    attempt({ VITE_VAPID_PUBLIC_KEY: 'BAAA', VITE_SUPABASE_URL: 'http://127.0.0.1:1' })
    expect(runs).toBe(1)
    attempt({ VITE_SUPABASE_URL: 'http://127.0.0.1:1', VITE_VAPID_PUBLIC_KEY: 'BBBB' })
    expect(runs).toBe(2)
    attempt({})
    expect(runs).toBe(3)
    attempt({})
    expect(runs).toBe(3)
  })
})

describe('the variables npm start and npm run dev build the app with', () => {
  it("call the stack on its own port, so another port is another build's record", () => {
    const key = 'BPublicKey'
    expect(appBuildEnv({ apiUrl: 'http://127.0.0.1:61321' }, key)).toEqual({
      VITE_SUPABASE_URL: 'http://127.0.0.1:61321',
      VITE_VAPID_PUBLIC_KEY: key,
    })
    expect(appBuildEnv({ apiUrl: 'http://127.0.0.1:54321' }, key)).not.toEqual(
      appBuildEnv({ apiUrl: 'http://127.0.0.1:61321' }, key),
    )
  })

  it('keep a VITE_SUPABASE_URL that is set', () => {
    const config = loadConfig({ VITE_SUPABASE_URL: 'https://abc.supabase.co' })
    expect(appBuildEnv(config, 'k').VITE_SUPABASE_URL).toBe('https://abc.supabase.co')
  })
})
