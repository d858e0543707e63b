import { Hono } from 'hono'
import type { StackDeps } from '../deps'

/** Routes under /rest/v1. */
export function restRoutes(_deps: StackDeps): Hono {
  const app = new Hono()
  app.all('*', (c) => c.json({ message: 'not implemented' }, 404))
  return app
}
