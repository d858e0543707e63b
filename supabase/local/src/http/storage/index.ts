import { Hono } from 'hono'
import type { StackDeps } from '../deps'

/** Routes under /storage/v1. */
export function storageRoutes(_deps: StackDeps): Hono {
  const app = new Hono()
  app.all('*', (c) => c.json({ message: 'not implemented' }, 404))
  return app
}
