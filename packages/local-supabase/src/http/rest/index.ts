import { type Context, Hono } from 'hono'
import { unsupportedMethod } from '../../core/rest/errors'
import { Catalog } from '../../db/catalog'
import type { StackDeps } from '../deps'
import { readRows } from './read'
import { readRequest } from './request'
import { sendFailure } from './respond'
import { callFunction } from './rpc'
import { writeRows } from './write'

const WRITES = { POST: 'insert', PATCH: 'update', DELETE: 'delete' } as const

/** Routes under /rest/v1: the PostgREST-compatible data API over schema `public`. */
export function restRoutes(deps: StackDeps): Hono {
  const app = new Hono()
  const catalog = new Catalog(deps.db)
  // `NOTIFY pgrst, 'reload schema'` reloads the schema cache; without the listener, requests still
  // reload it when they name something unknown.
  void catalog.listen().catch(() => {})

  const handle = async (
    c: Context,
    path: string,
    work: (request: Awaited<ReturnType<typeof readRequest>>) => Promise<Response>,
  ) => {
    let anonymous = true
    try {
      const settings = await catalog.getSettings()
      const request = await readRequest(c, deps.config, path, settings)
      anonymous = request.anonymous
      return await work(request)
    } catch (error) {
      return sendFailure(c, error, anonymous)
    }
  }

  app.get('/', (c) =>
    c.json({ swagger: '2.0', info: { title: 'Roost local PostgREST', version: '14' }, paths: {} }),
  )

  app.all('/rpc/:fn', (c) => {
    const name = c.req.param('fn')
    return handle(c, `/rpc/${name}`, (request) => callFunction(c, deps.db, catalog, request, name))
  })

  app.all('/:table', (c) => {
    const name = c.req.param('table')
    return handle(c, `/${name}`, (request) => {
      const method = c.req.method
      if (method === 'GET' || method === 'HEAD') return readRows(c, deps.db, catalog, request, name)
      const kind = WRITES[method as keyof typeof WRITES]
      if (!kind) throw unsupportedMethod(method)
      return writeRows(c, deps.db, catalog, request, name, kind)
    })
  })

  return app
}
