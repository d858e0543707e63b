import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { PROJECT_DIR } from '../config'
import { functionsDir } from './settings'

/** The Deno binary of the `deno` npm package: the real runtime, installed by `npm install`. */
export const DENO_BIN = path.join(PROJECT_DIR, 'node_modules', '.bin', 'deno')

/** The host script that loads a function and serves its handler (runs under Deno), in this package. */
export const FUNCTION_HOST = path.join(import.meta.dirname, '..', '..', 'deno', 'function-host.ts')
const READY = /^roost-function-host listening on 127\.0\.0\.1:(\d+)$/

/** A function that exited before serving: Supabase's BOOT_ERROR. */
export class BootError extends Error {}

export type FunctionRuntimeOptions = {
  /** The Supabase project folder holding `functions/<name>/index.ts`. */
  projectDir: string
  /** Deno's cache (compiled modules), kept in the stack's data folder. */
  denoDir: string
  /** The functions' whole environment: Supabase's variables and the secrets. Nothing else is inherited. */
  env: () => Record<string, string>
  log: (line: string) => void
  /** Where every function's output is also appended, line by line (for reading after a test). */
  logFile?: string
  /** How long a function may take to load before it counts as failed to boot. */
  bootTimeoutMs?: number
}

type Worker = { child: ChildProcess; port: Promise<number>; entry: string }

/**
 * Runs each function in its own long-lived Deno process, started on its first request (as Supabase
 * boots a worker on demand) and started again on the next request after it exits or crashes.
 *
 * Permissions are what a function needs and no more: network (to call the API, the database and push
 * services, and to listen on loopback for the stack), environment variables (only those given), and
 * reading its project's functions folder. No writing, subprocesses or FFI; npm packages come from
 * node_modules (`--node-modules-dir=manual`) and remote imports are refused (`--no-remote`), so nothing
 * is ever downloaded.
 */
export class FunctionRuntime {
  private readonly workers = new Map<string, Worker>()
  private stopped = false

  constructor(private readonly options: FunctionRuntimeOptions) {}

  /** The loopback port a function serves on, starting it if it is not running. */
  portOf(name: string, entry: string): Promise<number> {
    if (this.stopped) return Promise.reject(new BootError('the stack is stopping'))
    const running = this.workers.get(name)
    if (running && running.entry === entry) return running.port
    return this.start(name, entry).port
  }

  /** Process ids of the running functions (for tests that check nothing is left behind). */
  pids(): number[] {
    return [...this.workers.values()].flatMap((w) => (w.child.pid ? [w.child.pid] : []))
  }

  /** Stops every function process and waits for each to exit. */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.all([...this.workers.values()].map((w) => terminate(w.child)))
    this.workers.clear()
  }

  private start(name: string, entry: string): Worker {
    const { projectDir, denoDir, env, logFile, bootTimeoutMs = 60_000 } = this.options
    const log = (line: string) => {
      this.options.log(line)
      if (logFile) fs.appendFile(logFile, `${new Date().toISOString()} ${line}\n`, () => {})
    }
    const child = spawn(
      DENO_BIN,
      [
        'run',
        '--node-modules-dir=manual',
        '--no-remote',
        '--no-prompt',
        '--allow-net',
        '--allow-env',
        `--allow-read=${functionsDir(projectDir)}`,
        // Hosted functions get 256 MB of memory.
        '--v8-flags=--max-old-space-size=256',
        FUNCTION_HOST,
        entry,
      ],
      {
        cwd: PROJECT_DIR,
        // stdin stays open: the host exits when it closes, so a stack killed outright leaves no function.
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...env(), DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      },
    )
    // Nothing is written to stdin; a pipe broken by the process's end is no error of the stack's.
    child.stdin.on('error', () => {})
    const prefix = `functions/${name}: `
    const stderrTail: string[] = []
    createInterface({ input: child.stderr }).on('line', (line) => {
      stderrTail.push(line)
      if (stderrTail.length > 20) stderrTail.shift()
      log(prefix + line)
    })
    const port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`${name} did not start within ${bootTimeoutMs} ms`))
        child.kill('SIGKILL')
      }, bootTimeoutMs)
      createInterface({ input: child.stdout }).on('line', (line) => {
        const ready = READY.exec(line)
        if (ready?.[1]) {
          clearTimeout(timer)
          resolve(Number(ready[1]))
        } else log(prefix + line)
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new BootError(`${name} exited (${signal ?? code}) while starting: ${stderrTail.join('\n')}`))
      })
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(new BootError(`${name} could not start: ${error.message}`))
      })
    })
    // A rejection nobody awaits yet must not crash the stack; requests see it through portOf.
    port.catch(() => {})
    const worker: Worker = { child, port, entry }
    child.once('exit', (code, signal) => {
      if (this.workers.get(name) === worker) this.workers.delete(name)
      if (!this.stopped)
        log(`${prefix}exited (${signal ?? `code ${code}`}); it starts again on its next request`)
    })
    this.workers.set(name, worker)
    return worker
  }
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.stdin?.end()
    child.kill('SIGTERM')
  })
}
