// `npm test`: every suite that needs no network, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

type Step = { name: string; command: string[]; when?: () => boolean }

const hasE2e = () =>
  fs.existsSync('tests/e2e') && fs.readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'))

const steps: Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint and format', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit tests', command: ['npx', 'vitest', 'run', '--project', 'unit'] },
  { name: 'integration tests', command: ['npx', 'vitest', 'run', '--project', 'integration'] },
  { name: 'end-to-end tests', command: ['npm', 'run', '--silent', 'test:e2e'], when: hasE2e },
]

const results: { name: string; ok: boolean; seconds: number }[] = []
for (const step of steps) {
  if (step.when && !step.when()) continue
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`)
  const started = performance.now()
  const [cmd, ...args] = step.command
  const run = spawnSync(cmd as string, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
  const ok = run.status === 0
  results.push({ name: step.name, ok, seconds: Math.round((performance.now() - started) / 100) / 10 })
  if (!ok) break
}

console.log('\n=== summary')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`)
const failed = results.filter((r) => !r.ok).length
process.exit(failed === 0 && results.length > 0 ? 0 : 1)
