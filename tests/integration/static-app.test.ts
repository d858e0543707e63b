import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { serve } from '@hono/node-server'
import { buildStaticApp } from '@roost/local-supabase/app-server/static-app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A small production build: a hashed script and stylesheet, a worker module, the service worker and manifest. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(',')}]\n`
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>Roost</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
  'assets/index-AbC123xy.js': SCRIPT,
  'assets/index-Zz9Yy8Xx.css': `${'.card{display:grid;gap:8px}'.repeat(100)}\n`,
  'assets/maplibre-gl-worker-Qw12Er34.mjs': SCRIPT,
  'sw.js': `self.addEventListener('fetch', () => {})\n${'// precache\n'.repeat(200)}`,
  'registerSW.js': "navigator.serviceWorker.register('/sw.js')\n",
  'manifest.webmanifest': JSON.stringify({
    name: 'Roost',
    short_name: 'Roost',
    description: 'x'.repeat(2000),
  }),
  'robots.txt': 'User-agent: *\nAllow: /\n',
}

let dist: string
let server: http.Server
let base: string

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A raw request: no automatic Accept-Encoding and no decompression, so the wire format is what we check. */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-static-'))
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true })
    fs.writeFileSync(path.join(dist, name), text)
  }
  server = await new Promise<http.Server>((resolve) => {
    const s = serve({ fetch: buildStaticApp(dist).fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(s as http.Server),
    ) as http.Server
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  fs.rmSync(dist, { recursive: true, force: true })
})

describe("npm start's static host", () => {
  it('sends brotli when the client accepts it, and says the answer varies by Accept-Encoding', async () => {
    const res = await get('/assets/index-AbC123xy.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/Accept-Encoding/i)
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3)
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT)
  })

  it('sends gzip to a client that accepts only gzip, and plain bytes to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123xy.js', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT)
    const refusedBr = await get('/assets/index-AbC123xy.js', { 'Accept-Encoding': 'br;q=0, gzip' })
    expect(refusedBr.headers['content-encoding']).toBe('gzip')
    const plain = await get('/assets/index-AbC123xy.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
  })

  it('caches hashed assets for a year as immutable', async () => {
    for (const name of ['assets/index-AbC123xy.js', 'assets/index-Zz9Yy8Xx.css']) {
      const res = await get(`/${name}`, { 'Accept-Encoding': 'br' })
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('never lets a cache reuse the HTML entry, the service worker, its registration or the manifest unchecked', async () => {
    for (const name of ['/', '/index.html', '/offers', '/sw.js', '/registerSW.js', '/manifest.webmanifest']) {
      const res = await get(name, { 'Accept-Encoding': 'br' })
      expect(res.status, name).toBe(200)
      expect(res.headers['cache-control'], name).toBe('no-cache')
    }
  })

  it('labels each file with its type, including worker modules and the web manifest', async () => {
    const types: Record<string, string> = {
      '/': 'text/html; charset=utf-8',
      '/assets/index-AbC123xy.js': 'text/javascript; charset=utf-8',
      '/assets/maplibre-gl-worker-Qw12Er34.mjs': 'text/javascript; charset=utf-8',
      '/assets/index-Zz9Yy8Xx.css': 'text/css; charset=utf-8',
      '/manifest.webmanifest': 'application/manifest+json',
      '/robots.txt': 'text/plain; charset=utf-8',
    }
    for (const [name, type] of Object.entries(types)) {
      expect((await get(name)).headers['content-type'], name).toBe(type)
    }
  })

  it('answers a revalidation of an unchanged file with 304 and no body, per encoding', async () => {
    const first = await get('/sw.js', { 'Accept-Encoding': 'br' })
    const etag = first.headers.etag
    expect(etag).toMatch(/^".+"$/)
    const again = await get('/sw.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag as string })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    // The plain representation has its own tag: a cached brotli body is not a match for it.
    const plain = await get('/sw.js', { 'If-None-Match': etag as string })
    expect(plain.status).toBe(200)
    expect(plain.headers.etag).not.toBe(etag)
  })

  it('sends a changed file in full after it is rebuilt', async () => {
    const before = await get('/registerSW.js')
    fs.writeFileSync(
      path.join(dist, 'registerSW.js'),
      "navigator.serviceWorker.register('/sw.js', { scope: '/' })\n",
    )
    const after = await get('/registerSW.js', { 'If-None-Match': before.headers.etag as string })
    expect(after.status).toBe(200)
    expect(after.body.toString()).toMatch(/scope/)
  })

  it('serves the app for unknown screens, 404 for missing files and 400 for malformed paths', async () => {
    const screen = await get('/category/rent/some-id')
    expect(screen.status).toBe(200)
    expect(screen.body.toString()).toMatch(/<title>Roost<\/title>/)
    expect((await get('/assets/missing-123.js')).status).toBe(404)
    expect((await get('/%E0%A4%A')).status).toBe(400)
    // A path that climbs out of the build gets the app, never the file it names.
    const climbed = await get('/..%2f..%2f..%2fetc%2fhostname')
    expect(climbed.body.toString()).toMatch(/<title>Roost<\/title>/)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/assets/index-AbC123xy.js', { 'Accept-Encoding': 'br' }, 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.body.length).toBe(0)
  })
})
