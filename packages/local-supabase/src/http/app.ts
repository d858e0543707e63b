import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { isConnectionLoss } from '../db/database'
import { functionRoutes } from '../functions/routes'
import { tileRoutes } from '../tiles/routes'
import { passQueryApiKeyOn, requireApiKey } from './api-key'
import { authRoutes } from './auth'
import { refuseEndedSessions, refuseForRest, refuseForStorage } from './auth/session-guard'
import { corsMiddleware } from './cors'
import type { StackDeps } from './deps'
import { geocodeRoutes } from './geocode'
import { restRoutes } from './rest'
import { storageRoutes } from './storage'
import { GLOBAL_FILE_SIZE_LIMIT } from './storage/upload-object'

/** Paths that work without an API key, as on hosted Supabase (links opened in a browser, public files). */
const OPEN_PATHS = [
  /^\/auth\/v1\/(verify|callback|authorize|chooser)(\/|$)/,
  /^\/auth\/v1\/\.well-known\/jwks\.json$/,
  /^\/storage\/v1\/object\/public\//,
  /^\/storage\/v1\/render\/image\/public\//,
  /^\/storage\/v1\/object\/sign\//,
  /^\/storage\/v1\/render\/image\/sign\//,
  /^\/geocode\/v1\//,
  /^\/tiles\/v1\//,
  /^\/health$/,
  // Supabase's gateway leaves functions to check their own callers (verify_jwt, or the function itself).
  /^\/functions\/v1\//,
]

/**
 * The largest request body each service reads, checked before it is read (Content-Length) or while
 * it streams: Auth takes small forms, the data API rows, Storage files up to its global limit.
 */
export const BODY_LIMITS: Record<string, number> = {
  '/auth/v1/*': 64 * 1024,
  '/rest/v1/*': 1024 * 1024,
  '/geocode/v1/*': 16 * 1024,
  '/storage/v1/*': GLOBAL_FILE_SIZE_LIMIT + 64 * 1024,
}

const TOO_LARGE = {
  statusCode: '413',
  code: 'request_too_large',
  error: 'Payload too large',
  message: 'The request body is larger than this endpoint accepts',
}

/** The local Supabase-compatible API. Builds the routes; never listens (see stack.ts). */
export function buildApp(deps: StackDeps): Hono {
  const app = new Hono()
  app.use('*', corsMiddleware)
  // Healthy means the API can reach its database, as a load balancer needs to know.
  app.get('/health', async (c) =>
    (await deps.db.ping())
      ? c.json({ status: 'ok' })
      : c.json({ status: 'unavailable', message: 'The database is not reachable' }, 503),
  )
  app.use('*', requireApiKey(deps.config, OPEN_PATHS))
  for (const [path, maxSize] of Object.entries(BODY_LIMITS)) {
    const limit = bodyLimit({ maxSize, onError: (c) => c.json(TOO_LARGE, 413) })
    // A GET or HEAD is read without a body (the Node adapter never streams one for them), and asking the
    // request for its body builds a whole Web Request, abort signal and all: most requests are reads.
    app.use(path, (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next)))
  }
  if (deps.config.restQueryApiKey === 'postgrest') app.use('/rest/v1/*', passQueryApiKeyOn)
  app.use('/rest/v1/*', refuseEndedSessions(deps, refuseForRest))
  app.use('/storage/v1/*', refuseEndedSessions(deps, refuseForStorage))
  app.route('/auth/v1', authRoutes(deps))
  app.route('/rest/v1', restRoutes(deps))
  app.route('/storage/v1', storageRoutes(deps))
  app.route('/geocode/v1', geocodeRoutes(deps))
  app.route('/tiles/v1', tileRoutes())
  if (deps.functions) app.route('/functions/v1', functionRoutes(deps.config, deps.functions))
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  app.onError((error, c) => {
    if (isConnectionLoss(error)) return c.json({ message: 'The database is not reachable' }, 503)
    console.error(error)
    return c.json({ message: 'An unexpected error occurred' }, 500)
  })
  return app
}
