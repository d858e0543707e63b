import type { Context } from 'hono'
import {
  invalidBody,
  maxAffectedRpc,
  maxAffectedViolation,
  RestError,
  singularity,
} from '../../core/rest/errors'
import { parseQuery } from '../../core/rest/query-params'
import { contentRange, rangeStatus, resolvePage } from '../../core/rest/range'
import { type BodyMedia, findFunction } from '../../core/rest/schema-cache'
import { buildRpc } from '../../core/rest/statements'
import type { Catalog } from '../../db/catalog'
import type { Database } from '../../db/database'
import { type RestRequest, readJson } from './request'
import { bodyType, sendBody } from './respond'
import { explainAsCaller, planType, runAsCaller } from './run'

/** What kind of body a POST to a function sends, by its Content-Type (JSON unless told otherwise). */
function bodyMedia(contentType: string | undefined): BodyMedia {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === 'text/plain') return 'text'
  if (type === 'text/xml') return 'xml'
  if (type === 'application/octet-stream') return 'bytea'
  return 'json'
}

/**
 * `rpc/<fn>`: POST with JSON arguments by name, GET/HEAD with arguments in the query. STABLE and
 * IMMUTABLE functions (and every GET) run in a read-only transaction.
 */
export async function callFunction(
  c: Context,
  db: Database,
  catalog: Catalog,
  request: RestRequest,
  name: string,
) {
  if (!['GET', 'HEAD', 'POST'].includes(request.method)) {
    throw new RestError(405, {
      code: 'PGRST101',
      details: null,
      hint: null,
      message: 'Only GET, HEAD or POST requests are allowed for RPC',
    })
  }
  const reading = request.method !== 'POST'
  const media = reading ? null : bodyMedia(c.req.header('content-type'))
  const rawBody =
    media === 'bytea'
      ? Buffer.from(await c.req.arrayBuffer())
      : media === 'text' || media === 'xml'
        ? await c.req.text()
        : null
  const body = reading || rawBody !== null ? null : await readJson(c, true)
  if (media === 'json' && (typeof body !== 'object' || body === null || Array.isArray(body)))
    throw invalidBody()
  const planned = await catalog.withSchema((cache) => {
    const paramNames = new Set(
      (cache.functions.get(name) ?? []).flatMap((fn) => fn.params.map((p) => p.name)),
    )
    const parts = parseQuery(request.query, (key) => reading && paramNames.has(key))
    const args = (reading ? parts.args : (body ?? {})) as Record<string, unknown>
    const argNames = rawBody === null ? Object.keys(args) : []
    const { fn, bodyParam } = findFunction(cache, name, argNames, media)
    const page = resolvePage(parts.limit, parts.offset, request.rangeHeader)
    const query = {
      select: parts.select,
      filters: parts.filters,
      order: parts.order,
      page,
      count: request.prefer.count !== null,
      head: request.method === 'HEAD',
      shape: request.shape,
      embedded: parts.embedded,
      aggregates: cache.settings?.aggregates ?? false,
    }
    const callArgs = rawBody ?? args
    return { fn, page, statement: buildRpc(cache, { fn, args: callArgs, bodyParam, query }) }
  }, request.schema)
  const { fn, page, statement } = planned
  const readOnly = reading || fn.volatility !== 'volatile'
  if (request.shape.plan) {
    const explained = await explainAsCaller(db, request, readOnly, statement)
    return sendBody(c, 200, explained, { 'Content-Type': planType(request) })
  }
  const limit = request.prefer.handling === 'strict' ? request.prefer.maxAffected : null
  if (limit !== null && !fn.returnsSet) throw maxAffectedRpc()
  const row = await runAsCaller(db, request, readOnly, statement, (result) => {
    const rows = Number(result.page_total)
    if (request.shape.singular && fn.returnsSet && rows !== 1) throw singularity(rows)
    if (limit !== null && rows > limit) throw maxAffectedViolation(rows)
  })
  if (fn.returnKind === 'void') return sendBody(c, 204, null, {})
  const rows = Number(row.page_total)
  const total = row.total === null ? null : Number(row.total)
  const singular = request.shape.singular || !fn.returnsSet
  const status = singular ? 200 : rangeStatus(page.offset, rows, total)
  return sendBody(c, status === 416 ? 200 : status, row.body, {
    'Content-Type': bodyType(request.shape),
    'Content-Range': contentRange(page.offset, rows, total),
  })
}
