import type { Context } from 'hono'
import { singularity, unsatisfiableRange } from '../../core/rest/errors'
import { parseQuery } from '../../core/rest/query-params'
import { contentRange, rangeStatus, resolvePage } from '../../core/rest/range'
import { findTable } from '../../core/rest/schema-cache'
import { buildRead } from '../../core/rest/statements'
import type { Catalog } from '../../db/catalog'
import type { Database } from '../../db/database'
import { patternLane, usesPatternFilter } from './pattern-lane'
import type { RestRequest } from './request'
import { JSON_TYPE, OBJECT_TYPE, sendBody } from './respond'
import { runAsCaller } from './run'

/** GET and HEAD on a table or view: filtered, ordered, paged rows, with an optional exact count. */
export async function readRows(
  c: Context,
  db: Database,
  catalog: Catalog,
  request: RestRequest,
  name: string,
) {
  const parts = parseQuery(request.query)
  const page = resolvePage(parts.limit, parts.offset, request.rangeHeader)
  const statement = await catalog.withSchema(
    (cache) =>
      buildRead(cache, findTable(cache, name), {
        select: parts.select,
        embedded: parts.embedded,
        aggregates: cache.settings?.aggregates ?? false,
        filters: parts.filters,
        order: parts.order,
        page,
        count: request.prefer.count !== null,
        head: request.method === 'HEAD',
        shape: request.shape,
      }),
    request.schema,
  )
  const read = () =>
    runAsCaller(db, request, true, statement, (result) => {
      if (request.shape.singular && Number(result.page_total) !== 1)
        throw singularity(Number(result.page_total))
    })
  const row = usesPatternFilter(parts.filters) ? await patternLane.run(read) : await read()
  const total = row.total === null ? null : Number(row.total)
  const rows = Number(row.page_total)
  const status = request.shape.singular ? 200 : rangeStatus(page.offset, rows, total)
  if (status === 416) throw unsatisfiableRange(page.offset, total ?? 0)
  return sendBody(c, status, row.body, {
    'Content-Type': request.shape.singular ? OBJECT_TYPE : JSON_TYPE,
    'Content-Range': contentRange(page.offset, rows, total),
  })
}
