import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../config'

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs)
}

/** Builds the app into `outDir` unless a build newer than every source file is already there. */
export function buildAppIfNeeded(outDir: string, env: NodeJS.ProcessEnv = {}): void {
  const stamp = path.join(outDir, 'index.html')
  const sources = Math.max(...INPUTS.map((p) => newestChange(path.join(REPO_ROOT, p))))
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > sources && Object.keys(env).length === 0) return
  console.log('[app] building the production bundle…')
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  if (result.status !== 0) throw new Error('The app build failed (see above).')
}
