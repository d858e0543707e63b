import { missingWhere, payloadColumnNotFound } from './errors'
import type { Filter } from './filter'
import type { OrderTerm } from './order'
import type { EmbedParts } from './query-params'
import type { Page } from './range'
import { checkAllEmbedsUsed, type PlanContext, planLevel, tableRelation } from './read-plan'
import type { FunctionInfo, SchemaCache, TableInfo } from './schema-cache'
import type { SelectItem } from './select'
import {
  type BodyShape,
  bodySql,
  ident,
  neededColumnsSql,
  orderSql,
  Params,
  type Relation,
  whereSql,
} from './sql-text'

export type Statement = { text: string; values: unknown[] }

export type ReadQuery = {
  select: SelectItem[]
  filters: Filter[]
  order: OrderTerm[]
  page: Page
  count: boolean
  /** HEAD: no body is rendered. */
  head: boolean
  shape: BodyShape
  /** Filters, order and paging of embedded resources, by embed path. */
  embedded?: Map<string, EmbedParts>
  /** Whether aggregate functions may be used in `select` (PostgREST's `db-aggregates-enabled`). */
  aggregates?: boolean
  /** Build only `select 1 from <the filtered relation>`, to be explained for `count=planned`. */
  countSource?: boolean
}

const qualified = (cache: SchemaCache, table: TableInfo) => `${ident(cache.schema)}.${ident(table.name)}`

const context = (
  cache: SchemaCache,
  params: Params,
  query: Pick<ReadQuery, 'embedded' | 'aggregates'>,
): PlanContext => ({
  cache,
  params,
  embedded: new Map(query.embedded ?? []),
  aggregates: query.aggregates ?? false,
  counter: { next: 1 },
})

/**
 * Reads rows as PostgREST does: the page in a CTE, with embedded resources as lateral subqueries, an
 * optional exact count of the filtered relation, and the JSON body built by Postgres. Columns: total,
 * page_total, body.
 */
export function buildRead(cache: SchemaCache, table: TableInfo, query: ReadQuery): Statement {
  const params = new Params()
  const relation = tableRelation(cache, table)
  const self = ident(table.name)
  return pagedStatement(context(cache, params, query), query, qualified(cache, table), relation, self)
}

function pagedStatement(
  ctx: PlanContext,
  query: ReadQuery,
  from: string,
  relation: Relation,
  qualifier: string,
): Statement {
  const { params } = ctx
  const level = planLevel(ctx, relation, qualifier, query.select, '', query.filters)
  checkAllEmbedsUsed(ctx)
  const where = whereSql(level.relation, qualifier, query.filters, params)
  const list = level.list.length ? level.list.join(', ') : 'null::text as "pgrst_none"'
  const groupBy = level.groupBy?.length ? ` group by ${level.groupBy.join(', ')}` : ''
  const order = orderSql(level.relation, qualifier, query.order, params)
  const limit = `limit ${params.add(query.page.limit)} offset ${params.add(query.page.offset)}`
  const counted = `${[from, ...level.filteringJoins].join(' ')} where ${where}${groupBy}`
  if (query.countSource) {
    const rows = level.groupBy
      ? `select 1 from (select 1 from ${counted}) pgrst_groups`
      : `select 1 from ${counted}`
    return onlyUsedParams(rows, params.values)
  }
  const total = query.count
    ? level.groupBy
      ? `(select pg_catalog.count(*) from (select 1 from ${counted}) pgrst_groups)`
      : `(select pg_catalog.count(*) from ${counted})`
    : 'null'
  const body = query.head ? 'null' : bodySql(query.shape)
  return {
    text:
      `with pgrst_source as (select ${list} from ${[from, ...level.joins].join(' ')} where ${where}${groupBy}${order} ${limit}) ` +
      `select ${total}::bigint as total, pg_catalog.count(_postgrest_t)::bigint as page_total, ${body}::text as body ` +
      'from (select * from pgrst_source) _postgrest_t',
    values: params.values,
  }
}

/**
 * Renumbers the `$n` placeholders a text uses and keeps only their values: a statement must bind no
 * parameter it does not reference. Quoted identifiers and literals are left alone.
 */
export function onlyUsedParams(text: string, values: unknown[]): Statement {
  const kept: unknown[] = []
  const renumbered = new Map<string, string>()
  const out = text.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g, (token, n: string | undefined) => {
    if (n === undefined) return token
    let placeholder = renumbered.get(n)
    if (!placeholder) {
      kept.push(values[Number(n) - 1])
      placeholder = `$${kept.length}`
      renumbered.set(n, placeholder)
    }
    return placeholder
  })
  return { text: out, values: kept }
}

export type MutationOutput = {
  /** Null for `return=minimal`: the statement returns `1`, so no SELECT right or policy is needed. */
  select: SelectItem[] | null
  shape: BodyShape
  /** Filters, order and paging of embedded resources in the returned rows. */
  embedded?: Map<string, EmbedParts>
}

/** Wraps a data-changing statement: columns page_total, inserted (upserts only) and body. */
function mutationStatement(
  cache: SchemaCache,
  table: TableInfo,
  params: Params,
  change: (returning: string) => string,
  output: MutationOutput,
  trackInserted = false,
): Statement {
  const relation = tableRelation(cache, table)
  const self = ident(table.name)
  const inserted = trackInserted ? ', (xmax = 0) as "pgrst_inserted"' : ''
  const returning = output.select
    ? `${neededColumnsSql(relation, self, output.select)}${inserted}`
    : `1${inserted}`
  const insertedCount = trackInserted
    ? '(select pg_catalog.count(*) from pgrst_mutation where pgrst_inserted)'
    : '(select pg_catalog.count(*) from pgrst_mutation)'
  let rows = 'select 1 from pgrst_mutation'
  if (output.select) {
    const ctx = context(cache, params, { embedded: output.embedded, aggregates: false })
    const level = planLevel(ctx, relation, 'pgrst_mutation', output.select, '', [])
    checkAllEmbedsUsed(ctx)
    const list = level.list.length ? level.list.join(', ') : 'null::text as "pgrst_none"'
    rows = `select ${list} from ${['pgrst_mutation', ...level.joins].join(' ')}`
  }
  const body = output.select ? bodySql(output.shape) : 'null'
  return {
    text:
      `with pgrst_mutation as (${change(returning)}), pgrst_source as (${rows}) ` +
      `select pg_catalog.count(_postgrest_t)::bigint as page_total, ${insertedCount}::bigint as inserted, ` +
      `${body}::text as body from pgrst_source _postgrest_t`,
    values: params.values,
  }
}

function checkPayloadColumns(table: TableInfo, columns: string[]): void {
  for (const name of columns) if (!table.columns.has(name)) throw payloadColumnNotFound(table.name, name)
}

export type InsertCommand = {
  /** The JSON array of rows, passed as one parameter. */
  rows: unknown[]
  columns: string[]
  upsert: { onConflict: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null
  /** `Prefer: missing=default`: keys absent from a row take the column default instead of NULL. */
  missingDefault: boolean
  output: MutationOutput
}

export function buildInsert(cache: SchemaCache, table: TableInfo, command: InsertCommand): Statement {
  checkPayloadColumns(table, command.columns)
  const params = new Params()
  const body = params.add(JSON.stringify(command.rows))
  const names = command.columns.map(ident).join(', ')
  const values = command.columns.map((name) => `pgrst_row.${ident(name)}`)
  // `missing=default`: as PostgREST does, each row is laid over an object of the columns' defaults
  // (evaluated for every row, so sequences advance as they do there). Default expressions come from the
  // catalog (pg_get_expr), never from the request.
  const defaults = command.missingDefault
    ? command.columns.flatMap((name) => {
        const sql = table.columns.get(name)?.defaultSql
        return sql ? [`${params.add(name)}::text, ${sql}`] : []
      })
    : []
  const rowSource = defaults.length
    ? `lateral (select pg_catalog.jsonb_build_object(${defaults.join(', ')}) || pgrst_body.doc::jsonb as doc) pgrst_defs, ` +
      `lateral jsonb_populate_record(null::${qualified(cache, table)}, pgrst_defs.doc) pgrst_row `
    : `lateral json_populate_record(null::${qualified(cache, table)}, pgrst_body.doc) pgrst_row `
  let conflict = ''
  const merge = command.upsert?.resolution === 'merge-duplicates'
  if (command.upsert) {
    checkPayloadColumns(table, command.upsert.onConflict)
    const target = command.upsert.onConflict.map(ident).join(', ')
    const updates = command.columns.map((name) => `${ident(name)} = excluded.${ident(name)}`).join(', ')
    conflict =
      merge && updates
        ? ` on conflict (${target}) do update set ${updates}`
        : ` on conflict (${target}) do nothing`
  }
  const insert = (returning: string) =>
    command.columns.length
      ? `insert into ${qualified(cache, table)} (${names}) select ${values.join(', ')} ` +
        `from json_array_elements(${body}::json) with ordinality pgrst_body(doc, n), ${rowSource}` +
        `where true order by pgrst_body.n${conflict} returning ${returning}`
      : `insert into ${qualified(cache, table)} select from json_array_elements(${body}::json) returning ${returning}`
  return mutationStatement(cache, table, params, insert, command.output, merge && table.kind === 'table')
}

export type UpdateCommand = { values: Record<string, unknown>; filters: Filter[]; output: MutationOutput }

export function buildUpdate(cache: SchemaCache, table: TableInfo, command: UpdateCommand): Statement {
  const columns = Object.keys(command.values)
  checkPayloadColumns(table, columns)
  const params = new Params()
  if (!columns.length) {
    // An empty body changes nothing: PostgREST answers with the matching rows, as a plain read.
    const where = whereSql(tableRelation(cache, table), ident(table.name), command.filters, params)
    const select = (returning: string) => `select ${returning} from ${qualified(cache, table)} where ${where}`
    return mutationStatement(cache, table, params, select, command.output)
  }
  if (!command.filters.length) throw missingWhere('UPDATE')
  const body = params.add(JSON.stringify(command.values))
  const where = whereSql(tableRelation(cache, table), ident(table.name), command.filters, params)
  const sets = columns.map((name) => `${ident(name)} = pgrst_row.${ident(name)}`).join(', ')
  const update = (returning: string) =>
    `update ${qualified(cache, table)} set ${sets} ` +
    `from (select * from json_populate_record(null::${qualified(cache, table)}, ${body}::json)) pgrst_row ` +
    `where ${where} returning ${returning}`
  return mutationStatement(cache, table, params, update, command.output)
}

export type DeleteCommand = { filters: Filter[]; output: MutationOutput }

export function buildDelete(cache: SchemaCache, table: TableInfo, command: DeleteCommand): Statement {
  if (!command.filters.length) throw missingWhere('DELETE')
  const params = new Params()
  const where = whereSql(tableRelation(cache, table), ident(table.name), command.filters, params)
  const remove = (returning: string) =>
    `delete from ${qualified(cache, table)} where ${where} returning ${returning}`
  return mutationStatement(cache, table, params, remove, command.output)
}

export type RpcCall = {
  fn: FunctionInfo
  /** Arguments by parameter name; for a single unnamed parameter, the whole body. */
  args: Record<string, unknown> | string | Buffer
  bodyParam: boolean
  query: ReadQuery
}

/** A value as the text Postgres parses for a parameter of `type`. */
function argumentValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null
  if (/^jsonb?$/.test(type)) return JSON.stringify(value)
  if (Array.isArray(value) && type.endsWith('[]')) return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** One argument as SQL: a parameter cast to the parameter's type; a row as `json_populate_record`. */
function argumentSql(
  cache: SchemaCache,
  params: Params,
  param: FunctionInfo['params'][number],
  value: unknown,
) {
  // Parameter types come from the catalog (format_type), never from the request.
  if (param.rowOf && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const type = `${ident(cache.schema)}.${ident(param.rowOf)}`
    return `pg_catalog.json_populate_record(null::${type}, ${params.add(JSON.stringify(value))}::json)`
  }
  return `${params.add(argumentValue(value, param.type))}::${param.type}`
}

/**
 * Calls a function with named arguments as PostgREST does. Set-returning and table functions read like
 * a table (filters, order, paging, embedding when they return a table's rows); scalars come back as
 * `pgrst_scalar`.
 */
export function buildRpc(cache: SchemaCache, call: RpcCall): Statement {
  const params = new Params()
  const { fn } = call
  let args: string
  if (call.bodyParam) {
    const type = fn.params[0]?.type ?? 'json'
    const value =
      typeof call.args === 'string' || Buffer.isBuffer(call.args) ? call.args : JSON.stringify(call.args)
    args = `${params.add(value)}::${type}`
  } else {
    const given = call.args as Record<string, unknown>
    args = fn.params
      .filter((p) => p.name in given)
      .map((p) => `${ident(p.name)} := ${argumentSql(cache, params, p, given[p.name])}`)
      .join(', ')
  }
  const invocation = `${ident(cache.schema)}.${ident(fn.name)}(${args})`
  if (fn.returnKind === 'void') {
    return {
      text: `select null::bigint as total, 0::bigint as page_total, null::text as body from ${invocation}`,
      values: params.values,
    }
  }
  if (fn.returnKind === 'scalar') {
    const scalar = `pg_catalog.to_json(_postgrest_t.pgrst_scalar)`
    const body = fn.returnsSet
      ? `coalesce(json_agg(${scalar}), '[]')`
      : `coalesce(json_agg(${scalar})->0, 'null')`
    const limit = `limit ${params.add(call.query.page.limit)} offset ${params.add(call.query.page.offset)}`
    const total = call.query.count ? `(select pg_catalog.count(*) from ${invocation} pgrst_call)` : 'null'
    return {
      text:
        `with pgrst_source as (select pgrst_call.pgrst_scalar from ${invocation} pgrst_call(pgrst_scalar) ${limit}) ` +
        `select ${total}::bigint as total, pg_catalog.count(_postgrest_t)::bigint as page_total, ` +
        `${call.query.head ? 'null' : body}::text as body from (select * from pgrst_source) _postgrest_t`,
      values: params.values,
    }
  }
  const relation: Relation = {
    label: fn.name,
    columns: fn.columns,
    ...(fn.returnsRowOf ? { table: { cache, name: fn.returnsRowOf } } : {}),
  }
  const shape = { ...call.query.shape, singular: call.query.shape.singular || !fn.returnsSet }
  return pagedStatement(
    context(cache, params, call.query),
    { ...call.query, shape },
    `${invocation} pgrst_call`,
    relation,
    'pgrst_call',
  )
}
