import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { Hono } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
}

/** Types worth compressing: text formats; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
  '.wasm',
])
/** Below this, compression saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

type Encoding = 'br' | 'gzip' | 'identity'

/** One file as served: its bytes, its compressed forms (when smaller) and a content hash for ETags. */
type Entry = {
  mtimeMs: number
  size: number
  hash: string
  bodies: Promise<Partial<Record<Encoding, Buffer>>>
}

export type ContentCoding = { br: number; gzip: number; identity: number }

/** Reads an Accept-Encoding header into q-values; a coding absent from it is not acceptable (identity is, unless refused). */
export function parseAcceptEncoding(header: string | undefined): ContentCoding {
  const accepted: ContentCoding = { br: 0, gzip: 0, identity: 1 }
  if (!header) return accepted
  let star: number | undefined
  const seen = new Set<string>()
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';')
    const name = rawName?.trim().toLowerCase()
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    const value = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0
    if (name === '*') star = value
    else if (name === 'br' || name === 'gzip' || name === 'identity') {
      accepted[name] = value
      seen.add(name)
    } else if (name === 'x-gzip') {
      accepted.gzip = value
      seen.add('gzip')
    }
  }
  if (star !== undefined) {
    for (const name of ['br', 'gzip', 'identity'] as const) if (!seen.has(name)) accepted[name] = star
  }
  return accepted
}

/** The best representation the client accepts among those we have: brotli, then gzip, then the plain bytes. */
export function chooseEncoding(accepted: ContentCoding, available: Set<Encoding>): Encoding | undefined {
  const order: Encoding[] = ['br', 'gzip', 'identity']
  const usable = order.filter((e) => available.has(e) && accepted[e] > 0)
  usable.sort((a, b) => accepted[b] - accepted[a])
  return usable[0]
}

async function compress(raw: Buffer, ext: string): Promise<Partial<Record<Encoding, Buffer>>> {
  const bodies: Partial<Record<Encoding, Buffer>> = { identity: raw }
  if (!COMPRESSIBLE.has(ext) || raw.length < MIN_COMPRESS_BYTES) return bodies
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 9 }),
  ])
  if (br.length < raw.length) bodies.br = br
  if (gz.length < raw.length) bodies.gzip = gz
  return bodies
}

/** Files under assets/ carry a content hash in their name (Vite's output), so they never change. */
const isHashedAsset = (root: string, file: string) => file.startsWith(path.join(root, 'assets') + path.sep)

/**
 * Serves the production build as a good static host would: brotli or gzip as the client accepts
 * (compressed once, on first request or by warm(), and kept in memory), hashed assets cached for a year,
 * everything else (the HTML entry, the service worker, the web manifest) revalidated on every use by ETag,
 * and unknown extension-less paths answered with the app (SPA fallback).
 */
export function createStaticHost(distDir: string): { app: Hono; warm(): Promise<void> } {
  const root = path.resolve(distDir)
  const cache = new Map<string, Entry>()

  function load(file: string): Entry {
    const stat = fs.statSync(file)
    const cached = cache.get(file)
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached
    const raw = fs.readFileSync(file)
    const entry: Entry = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      hash: createHash('sha256').update(raw).digest('base64url').slice(0, 22),
      bodies: compress(raw, path.extname(file)),
    }
    cache.set(file, entry)
    return entry
  }

  function resolveFile(pathname: string): string | undefined {
    const requested = path.resolve(root, `.${pathname}`)
    if (!requested.startsWith(`${root}${path.sep}`)) return undefined
    try {
      return fs.statSync(requested).isFile() ? requested : undefined
    } catch {
      return undefined
    }
  }

  const app = new Hono()
  app.get('*', async (c) => {
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return c.text('Bad request', 400)
    }
    if (pathname.includes('\0')) return c.text('Bad request', 400)
    const found = resolveFile(pathname)
    if (!found && /\.[a-z0-9]+$/i.test(pathname)) return c.text('Not found', 404)
    const file = found ?? path.join(root, 'index.html')
    const ext = path.extname(file)
    const entry = load(file)
    const bodies = await entry.bodies
    const available = new Set(Object.keys(bodies) as Encoding[])
    const encoding = chooseEncoding(parseAcceptEncoding(c.req.header('accept-encoding')), available)
    const hashed = isHashedAsset(root, file)
    c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
    c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    if (available.size > 1) c.header('Vary', 'Accept-Encoding')
    if (!encoding) return c.text('Not acceptable', 406)
    const etag = `"${entry.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`
    c.header('ETag', etag)
    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304)
    }
    if (encoding !== 'identity') c.header('Content-Encoding', encoding)
    return c.body(new Uint8Array(bodies[encoding] as Buffer))
  })

  /** Compresses every file ahead of the first request (one at a time, so a busy machine stays usable). */
  async function warm(): Promise<void> {
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    for (const file of walk(root)) await load(file).bodies
  }

  return { app, warm }
}

/** The static host, precompressing the build in the background from the start. */
export function buildStaticApp(distDir: string): Hono {
  const host = createStaticHost(distDir)
  // A file requested before its turn is compressed on that request instead.
  host.warm().catch(() => undefined)
  return host.app
}
