import { Hono } from 'hono'
import { tileRoutes } from '../tiles/routes'
import { requireApiKey } from './api-key'
import { authRoutes } from './auth'
import { corsMiddleware } from './cors'
import type { StackDeps } from './deps'
import { geocodeRoutes } from './geocode'
import { restRoutes } from './rest'
import { storageRoutes } from './storage'

/** Paths that work without an API key, as on hosted Supabase (links opened in a browser, public files). */
const OPEN_PATHS = [
  /^\/auth\/v1\/(verify|callback|authorize|chooser)(\/|$)/,
  /^\/auth\/v1\/\.well-known\/jwks\.json$/,
  /^\/storage\/v1\/object\/public\//,
  /^\/storage\/v1\/render\/image\/public\//,
  /^\/storage\/v1\/object\/sign\//,
  /^\/geocode\/v1\//,
  /^\/tiles\/v1\//,
  /^\/health$/,
]

/** The local Supabase-compatible API. Builds the routes; never listens (see stack.ts). */
export function buildApp(deps: StackDeps): Hono {
  const app = new Hono()
  app.use('*', corsMiddleware)
  app.get('/health', (c) => c.json({ status: 'ok' }))
  app.use('*', requireApiKey(deps.config, OPEN_PATHS))
  app.route('/auth/v1', authRoutes(deps))
  app.route('/rest/v1', restRoutes(deps))
  app.route('/storage/v1', storageRoutes(deps))
  app.route('/geocode/v1', geocodeRoutes(deps))
  app.route('/tiles/v1', tileRoutes())
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  app.onError((error, c) => {
    console.error(error)
    return c.json({ message: 'An unexpected error occurred' }, 500)
  })
  return app
}
