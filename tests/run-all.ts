// `npm test`: every suite that needs no network. Suites that share nothing run side by side: the static checks
// with the unit tests, then the integration tests (their own stack) with the end-to-end tests (theirs). A
// stage starts only when the one before it passed. Lines of suites running together carry the suite's name.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import readline from 'node:readline'

type Step = { name: string; command: string[]; when?: () => boolean }

const hasE2e = () =>
  fs.existsSync('tests/e2e') && fs.readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'))

const stages: Step[][] = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint and format', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'unit tests', command: ['npx', 'vitest', 'run', '--project', 'unit'] },
  ],
  [
    { name: 'integration tests', command: ['npx', 'vitest', 'run', '--project', 'integration'] },
    { name: 'end-to-end tests', command: ['npm', 'run', '--silent', 'test:e2e'], when: hasE2e },
  ],
]

type Result = { name: string; ok: boolean; seconds: number }

function run(step: Step, tagged: boolean): Promise<Result> {
  const started = performance.now()
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`)
  const [cmd, ...args] = step.command
  const child = spawn(cmd as string, args, {
    stdio: ['ignore', tagged ? 'pipe' : 'inherit', tagged ? 'pipe' : 'inherit'],
    env: { ...process.env, FORCE_COLOR: '0' },
  })
  if (tagged)
    for (const stream of [child.stdout, child.stderr])
      if (stream)
        readline
          .createInterface({ input: stream })
          .on('line', (line) => console.log(`[${step.name}] ${line}`))
  return new Promise((resolve) => {
    const done = (ok: boolean) =>
      resolve({ name: step.name, ok, seconds: Math.round((performance.now() - started) / 100) / 10 })
    child.on('error', () => done(false))
    child.on('close', (code) => done(code === 0))
  })
}

const results: Result[] = []
for (const stage of stages) {
  const steps = stage.filter((step) => !step.when || step.when())
  results.push(...(await Promise.all(steps.map((step) => run(step, steps.length > 1)))))
  if (results.some((r) => !r.ok)) break
}

console.log('\n=== summary')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`)
const failed = results.filter((r) => !r.ok).length
process.exit(failed === 0 && results.length > 0 ? 0 : 1)
