import type { Context } from 'hono'
import { singularity, unsatisfiableRange } from '../../core/rest/errors'
import { parseQuery } from '../../core/rest/query-params'
import { contentRange, MAX_ROWS, rangeStatus, resolvePage } from '../../core/rest/range'
import { findTable } from '../../core/rest/schema-cache'
import { buildRead } from '../../core/rest/statements'
import type { Catalog } from '../../db/catalog'
import type { Database } from '../../db/database'
import { patternLane, usesPatternFilter } from './pattern-lane'
import type { RestRequest } from './request'
import { bodyType, sendBody } from './respond'
import { explainAsCaller, planType, runAsCaller } from './run'

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
  const countMode = request.prefer.count
  const { statement, countPlan } = await catalog.withSchema((cache) => {
    const table = findTable(cache, name)
    const query = {
      select: parts.select,
      filters: parts.filters,
      order: parts.order,
      page,
      count: countMode === 'exact' || countMode === 'estimated',
      head: request.method === 'HEAD',
      shape: request.shape,
      embedded: parts.embedded,
      aggregates: cache.settings?.aggregates ?? false,
    }
    const planned = countMode === 'planned' || countMode === 'estimated'
    return {
      statement: buildRead(cache, table, query),
      countPlan: planned ? buildRead(cache, table, { ...query, countSource: true }) : undefined,
    }
  }, request.schema)
  if (request.shape.plan) {
    const plan = await explainAsCaller(db, request, true, statement)
    return sendBody(c, 200, plan, { 'Content-Type': planType(request) })
  }
  const read = () =>
    runAsCaller(
      db,
      request,
      true,
      statement,
      (result) => {
        if (request.shape.singular && Number(result.page_total) !== 1)
          throw singularity(Number(result.page_total))
      },
      countPlan,
    )
  const filters = [...parts.filters, ...[...parts.embedded.values()].flatMap((embed) => embed.filters)]
  const row = usesPatternFilter(filters) ? await patternLane.run(read) : await read()
  const exact = row.total === null ? null : Number(row.total)
  // `estimated`: the exact count up to the row limit, the planner's estimate beyond it.
  const total =
    countMode === 'planned'
      ? (row.planned ?? null)
      : countMode === 'estimated' && exact !== null && exact > MAX_ROWS
        ? (row.planned ?? exact)
        : exact
  const rows = Number(row.page_total)
  const status = request.shape.singular ? 200 : rangeStatus(page.offset, rows, total)
  if (status === 416) throw unsatisfiableRange(page.offset, total ?? 0)
  return sendBody(c, status, row.body, {
    'Content-Type': bodyType(request.shape),
    'Content-Range': contentRange(page.offset, rows, total),
  })
}
