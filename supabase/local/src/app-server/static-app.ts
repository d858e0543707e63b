import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

/**
 * Serves the production build as a good static host would: hashed assets cached for a year, the
 * HTML entry and the service worker never cached, unknown paths answered with the app (SPA fallback).
 */
export function buildStaticApp(distDir: string): Hono {
  const app = new Hono()
  const root = path.resolve(distDir)
  app.get('*', (c) => {
    const requested = path.resolve(root, `.${decodeURIComponent(new URL(c.req.url).pathname)}`)
    const inside = requested.startsWith(`${root}${path.sep}`)
    const file = inside && fs.existsSync(requested) && fs.statSync(requested).isFile() ? requested : undefined
    const isAsset = file?.startsWith(path.join(root, 'assets') + path.sep) ?? false
    if (!file && /\.[a-z0-9]+$/i.test(requested)) return c.text('Not found', 404)
    const target = file ?? path.join(root, 'index.html')
    const ext = path.extname(target)
    c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
    c.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
    return c.body(fs.readFileSync(target))
  })
  return app
}
