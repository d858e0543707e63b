import type { Context } from 'hono'
import { invalidBody, maxAffectedViolation, singularity } from '../../core/rest/errors'
import { parseQuery, type QueryParts } from '../../core/rest/query-params'
import { findTable, type SchemaCache } from '../../core/rest/schema-cache'
import {
  buildDelete,
  buildInsert,
  buildUpdate,
  type MutationOutput,
  type Statement,
} from '../../core/rest/statements'
import type { Catalog } from '../../db/catalog'
import type { Database } from '../../db/database'
import { type RestRequest, readJson } from './request'
import { bodyType, sendBody } from './respond'
import { explainAsCaller, planType, runAsCaller } from './run'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function output(request: RestRequest, parts: QueryParts): MutationOutput {
  return {
    select: request.prefer.return === 'representation' ? parts.select : null,
    shape: request.shape,
    embedded: parts.embedded,
  }
}

/** Rows of an insert body and the columns to insert: the keys, or `columns=` for any body. */
function insertRows(
  body: unknown,
  columns: string[] | null,
): { rows: Record<string, unknown>[]; columns: string[] } {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isRecord)) throw invalidBody()
  if (columns) return { rows, columns }
  const first = Object.keys(rows[0] ?? {})
  const same = (row: Record<string, unknown>) => {
    const keys = Object.keys(row)
    return keys.length === first.length && keys.every((k) => first.includes(k))
  }
  if (!rows.every(same)) throw invalidBody('All object keys must match')
  return { rows, columns: first }
}

type Kind = 'insert' | 'update' | 'delete'

/** POST (insert/upsert), PATCH and DELETE on a table or view. */
export async function writeRows(
  c: Context,
  db: Database,
  catalog: Catalog,
  request: RestRequest,
  name: string,
  kind: Kind,
) {
  const parts = parseQuery(request.query)
  const body = kind === 'delete' ? null : await readJson(c)
  if (kind === 'update' && !isRecord(body)) throw invalidBody()
  const plan = (cache: SchemaCache): Statement => {
    const table = findTable(cache, name)
    if (kind === 'delete')
      return buildDelete(cache, table, { filters: parts.filters, output: output(request, parts) })
    if (kind === 'update') {
      return buildUpdate(cache, table, {
        values: body as Record<string, unknown>,
        filters: parts.filters,
        output: output(request, parts),
      })
    }
    const { rows, columns } = insertRows(body, parts.columns)
    const resolution = request.prefer.resolution
    return buildInsert(cache, table, {
      rows,
      columns,
      upsert: resolution ? { onConflict: parts.onConflict ?? table.primaryKey, resolution } : null,
      missingDefault: request.prefer.missing === 'default',
      output: output(request, parts),
    })
  }
  const statement = await catalog.withSchema(plan, request.schema)
  if (request.shape.plan) {
    const explained = await explainAsCaller(db, request, false, statement)
    return sendBody(c, 200, explained, { 'Content-Type': planType(request) })
  }
  const limit = request.prefer.handling === 'strict' && kind !== 'insert' ? request.prefer.maxAffected : null
  const row = await runAsCaller(db, request, false, statement, (result) => {
    const affected = Number(result.page_total)
    if (request.shape.singular && affected !== 1) throw singularity(affected)
    // `Prefer: handling=strict, max-affected=n`: more rows than allowed roll the change back.
    if (limit !== null && affected > limit) throw maxAffectedViolation(affected)
  })
  const affected = Number(row.page_total)
  const total = request.prefer.count ? String(affected) : '*'
  const representation = request.prefer.return === 'representation'
  let status: number
  let range: string
  if (kind === 'insert') {
    const onlyUpdated =
      request.prefer.resolution === 'merge-duplicates' && affected > 0 && Number(row.inserted) === 0
    status = onlyUpdated ? 200 : 201
    range = `*/${total}`
  } else {
    status = representation ? 200 : 204
    range = kind === 'update' && affected > 0 ? `0-${affected - 1}/${total}` : `*/${total}`
  }
  const headers: Record<string, string> = { 'Content-Range': range }
  if (representation) headers['Content-Type'] = bodyType(request.shape)
  return sendBody(c, status, representation ? row.body : null, headers)
}
