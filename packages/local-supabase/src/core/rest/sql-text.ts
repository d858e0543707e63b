import { notEmbedded, relatedOrderNotToOne, undefinedColumn } from './errors'
import type { Field } from './field'
import { COMPARE_OPERATORS, type Filter, FTS_FUNCTIONS } from './filter'
import type { OrderTerm } from './order'
import { type ColumnInfo, computedField, type SchemaCache } from './schema-cache'
import type { SelectItem } from './select'

/** Collects bound parameters; the SQL text only ever holds their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** A quoted identifier; names are checked against the schema cache before they get here. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** What a query reads from: a table, a view, or a function call, and its columns. */
export type Relation = {
  label: string
  columns: Map<string, ColumnInfo>
  /** The table of the schema cache the rows are of, for computed fields. */
  table?: { cache: SchemaCache; name: string }
  /** Embedded resources of this level by their key, with the SQL that is true when one is empty. */
  embedNull?: Map<string, string>
  /** Embedded resources of this level by their key: the alias of their join and whether they are to-one. */
  embeds?: Map<string, { alias: string; toOne: boolean }>
}

export function column(relation: Relation, name: string): ColumnInfo {
  const info = relation.columns.get(name)
  if (info) return info
  const fn = relation.table && computedField(relation.table.cache, relation.table.name, name)
  if (fn) return { name, type: fn.returnType, defaultSql: null }
  throw undefinedColumn(relation.label, name)
}

/** A column, or a computed field (a function of the row, `schema.fn(row)`). */
function columnSql(relation: Relation, qualifier: string, name: string): string {
  if (relation.columns.has(name) || !relation.table) return `${qualifier}.${ident(name)}`
  const { cache } = relation.table
  return `${ident(cache.schema)}.${ident(name)}(${qualifier})`
}

export function fieldSql(relation: Relation, qualifier: string, field: Field, params: Params): string {
  column(relation, field.column)
  return jsonPathSql(columnSql(relation, qualifier, field.column), field, params)
}

function jsonPathSql(base: string, field: Field, params: Params): string {
  let sql = base
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key)
      ? `${params.add(Number(step.key))}::int`
      : `${params.add(step.key)}::text`
    sql += `${step.arrow}${key}`
  }
  return sql
}

export function filterSql(relation: Relation, qualifier: string, filter: Filter, params: Params): string {
  let sql: string
  if (filter.kind === 'logic') {
    const parts = filter.children.map((child) => filterSql(relation, qualifier, child, params))
    sql = `(${parts.join(filter.op === 'and' ? ' and ' : ' or ')})`
  } else if (
    filter.operation.type === 'is' &&
    !filter.field.path.length &&
    !relation.columns.has(filter.field.column) &&
    relation.embedNull?.has(filter.field.column)
  ) {
    // `listings=is.null` / `listings=not.is.null` on an embedded resource: whether it has no rows.
    const empty = relation.embedNull.get(filter.field.column) as string
    const value = filter.operation.value
    if (value !== 'null' && value !== 'not_null') throw undefinedColumn(relation.label, filter.field.column)
    sql = value === 'null' ? `(${empty})` : `(not ${empty})`
  } else {
    const target = fieldSql(relation, qualifier, filter.field, params)
    const operation = filter.operation
    switch (operation.type) {
      case 'compare':
        sql = `${target} ${COMPARE_OPERATORS[operation.op]} ${params.add(operation.value)}`
        break
      case 'quantified':
        sql = `${target} ${COMPARE_OPERATORS[operation.op]} ${operation.quantifier}(${params.add(operation.value)})`
        break
      case 'in':
        sql = `${target} = any(${params.add(operation.values)})`
        break
      case 'is':
        sql = `${target} is ${operation.value === 'not_null' ? 'not null' : operation.value}`
        break
      case 'fts': {
        const config = operation.config === null ? '' : `${params.add(operation.config)}::regconfig, `
        const type = column(relation, filter.field.column).type
        const document = type === 'tsvector' ? target : `to_tsvector(${config}${target})`
        sql = `${document} @@ ${FTS_FUNCTIONS[operation.op]}(${config}${params.add(operation.value)})`
        break
      }
    }
  }
  return filter.negated ? `not ${sql.startsWith('(') ? sql : `(${sql})`}` : sql
}

export function whereSql(relation: Relation, qualifier: string, filters: Filter[], params: Params): string {
  return filters.length ? filters.map((f) => filterSql(relation, qualifier, f, params)).join(' and ') : 'true'
}

export function orderSql(relation: Relation, qualifier: string, terms: OrderTerm[], params: Params): string {
  if (!terms.length) return ''
  const parts = terms.map((term) => {
    const direction = term.direction ? ` ${term.direction}` : ''
    const nulls = term.nulls ? ` nulls ${term.nulls}` : ''
    const value = term.relation
      ? relatedOrderSql(relation, term.relation, term.field, params)
      : fieldSql(relation, qualifier, term.field, params)
    return `${value}${direction}${nulls}`
  })
  return ` order by ${parts.join(', ')}`
}

/**
 * A related order's field: a column of a to-one embed's join, as PostgREST orders by it. The field must be
 * one the embed selects (Postgres answers 42703 otherwise, as it does for PostgREST).
 */
function relatedOrderSql(relation: Relation, name: string, field: Field, params: Params): string {
  const embed = relation.embeds?.get(name)
  if (!embed) throw notEmbedded(name)
  if (!embed.toOne) throw relatedOrderNotToOne(relation.table?.name ?? relation.label, name)
  return jsonPathSql(`${embed.alias}.${ident(field.column)}`, field, params)
}

/** The output columns of `select`; `*` expands to the relation's columns in table order. */
export function selectListSql(
  relation: Relation,
  qualifier: string,
  items: SelectItem[],
  params: Params,
): string {
  const parts = items.flatMap((item) => {
    if (item.kind === 'star') return [...relation.columns.keys()].map((name) => `${qualifier}.${ident(name)}`)
    if (item.kind === 'embed') return []
    const cast = item.cast ? `::${item.cast}` : ''
    if (item.kind === 'count') return [`pg_catalog.count(*)${cast} as ${ident(item.alias)}`]
    const value = fieldSql(relation, qualifier, item.field, params)
    const aggregated = item.aggregate ? `pg_catalog.${item.aggregate}(${value})` : value
    return [`${aggregated}${cast} as ${ident(item.alias)}`]
  })
  return parts.length ? parts.join(', ') : 'null::text as "pgrst_none"'
}

/** The columns a statement must return so that `select` can be rendered from them. */
export function neededColumnsSql(relation: Relation, qualifier: string, items: SelectItem[]): string {
  const names = new Set<string>()
  for (const item of items) {
    if (item.kind === 'star') for (const name of relation.columns.keys()) names.add(name)
    else if (item.kind === 'field' && relation.columns.has(item.field.column)) names.add(item.field.column)
    else if (item.kind === 'field') column(relation, item.field.column)
    else if (item.kind === 'embed') for (const name of relation.columns.keys()) names.add(name)
  }
  return names.size ? [...names].map((name) => `${qualifier}.${ident(name)}`).join(', ') : '1 as "pgrst_none"'
}

export type BodyShape = {
  singular: boolean
  stripNulls: boolean
  /** `text/csv` or `application/geo+json` instead of JSON. */
  format?: 'csv' | 'geojson'
  /** `application/vnd.pgrst.plan`: EXPLAIN's output, as text or JSON, with EXPLAIN's options. */
  plan?: { format: 'json' | 'text'; options: string[] }
}

/**
 * The body, rendered by Postgres as PostgREST does, from rows aliased `_postgrest_t` of `pgrst_source`:
 * JSON (`json_agg`), CSV (a header of the keys, then each record's text), or a GeoJSON
 * FeatureCollection (PostGIS's `ST_AsGeoJSON`, which fails as PostgREST does where PostGIS is absent).
 */
export function bodySql(shape: BodyShape, row = '_postgrest_t'): string {
  if (shape.format === 'csv') {
    const header =
      "(select coalesce(string_agg(a.k, ','), '') from (select json_object_keys(r)::text as k " +
      'from (select row_to_json(hh) as r from pgrst_source as hh limit 1) s) a)'
    const text = `${row}::text`
    return `${header} || chr(10) || coalesce(string_agg(substring(${text}, 2, length(${text}) - 2), chr(10)), '')`
  }
  if (shape.format === 'geojson') {
    return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(${row})::json), '[]'))`
  }
  const value = shape.stripNulls ? `json_strip_nulls(row_to_json(${row}))` : row
  return shape.singular ? `coalesce(json_agg(${value})->0, 'null')` : `coalesce(json_agg(${value}), '[]')`
}
