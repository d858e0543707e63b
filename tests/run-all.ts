// `npm test`: every suite that needs no network. Two lanes run side by side, since neither keeps both CPUs of a
// small machine busy on its own: the checks (typecheck, lint, unit, integration, in order) and the end-to-end
// suite (its own stacks, on ports and data apart from the integration stack's). Each line a step prints comes
// prefixed with its lane; the first failure stops the other lane too (as Ctrl-C would: Playwright then stops
// its stacks), and the summary says which step failed, with the first lines of each end-to-end failure (a long
// run's own report of them may be far above).
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import readline from 'node:readline'
import { E2E_REPORT, e2eFailures } from './e2e-failures'

type Step = { name: string; command: string[]; failures?: () => string[] }
type Lane = { name: string; steps: Step[] }
type Result = { name: string; ok: boolean; seconds: number; failures: string[] }

const hasE2e = () =>
  fs.existsSync('tests/e2e') && fs.readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'))

const lanes: Lane[] = [
  {
    name: 'checks',
    steps: [
      { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
      { name: 'lint and format', command: ['npm', 'run', '--silent', 'lint'] },
      { name: 'unit tests', command: ['npm', 'run', '--silent', 'test:unit'] },
      { name: 'integration tests', command: ['npx', 'vitest', 'run', '--project', 'integration'] },
    ],
  },
  ...(hasE2e()
    ? [
        {
          name: 'e2e',
          steps: [
            {
              name: 'end-to-end tests',
              command: ['npm', 'run', '--silent', 'test:e2e'],
              failures: () => e2eFailures(E2E_REPORT),
            },
          ],
        },
      ]
    : []),
]

const running = new Set<ChildProcess>()
let stopping = false

/** Stops every step still running: SIGINT to its process group, so npm's children hear it too. */
function stopOthers() {
  stopping = true
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGINT')
    } catch {
      // Already gone.
    }
  }
}

function runStep(lane: string, step: Step): Promise<boolean> {
  const [cmd, ...args] = step.command
  console.log(`[${lane}] === ${step.name}: ${step.command.join(' ')}`)
  const child = spawn(cmd as string, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  })
  running.add(child)
  const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${lane}] ${line}\n`))
  if (child.stdout) prefix(child.stdout, process.stdout)
  if (child.stderr) prefix(child.stderr, process.stderr)
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[${lane}] ${step.name}: ${error.message}`)
    })
    child.on('close', (code) => {
      running.delete(child)
      resolve(code === 0)
    })
  })
}

async function runLane(lane: Lane, results: Result[]): Promise<void> {
  for (const step of lane.steps) {
    if (stopping) return
    const started = performance.now()
    const ok = await runStep(lane.name, step)
    if (stopping && !ok) return
    results.push({
      name: step.name,
      ok,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      failures: ok ? [] : (step.failures?.() ?? []),
    })
    if (!ok) {
      stopOthers()
      return
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopOthers()
  })
}

const started = performance.now()
const results: Result[] = []
// An earlier run's report must not stand in for this one's, should Playwright stop before writing its own.
fs.rmSync(E2E_REPORT, { force: true })
await Promise.all(lanes.map((lane) => runLane(lane, results)))

console.log('\n=== summary')
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`)
  for (const line of r.failures) console.log(line)
}
console.log(`all in ${Math.round((performance.now() - started) / 1000)} s`)
const expected = lanes.reduce((n, lane) => n + lane.steps.length, 0)
const failed = results.filter((r) => !r.ok).length
process.exit(failed === 0 && results.length === expected ? 0 : 1)
