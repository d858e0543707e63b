import { aggregatesDisabled, duplicateEmbed, notEmbedded, parseError } from './errors'
import type { Filter } from './filter'
import type { OrderTerm } from './order'
import type { EmbedParts } from './query-params'
import { findRelationship } from './relationships'
import { findTable, isToOne, type SchemaCache, type TableInfo } from './schema-cache'
import { type EmbedSelect, embedKey, type SelectItem } from './select'
import { fieldSql, ident, orderSql, type Params, type Relation, whereSql } from './sql-text'

/** What one level of a read needs beyond its own table: the cache, parameters and embedded options. */
export type PlanContext = {
  cache: SchemaCache
  params: Params
  /** Filters, order and paging of embedded resources by path; entries are removed once used. */
  embedded: Map<string, EmbedParts>
  aggregates: boolean
  counter: { next: number }
}

/** One level's select list with its lateral joins, as parts of a SELECT. */
export type Level = {
  /** Output expressions `expr as "name"`. */
  list: string[]
  /** The output names, in order (what a spread lifts into its parent). */
  outputs: string[]
  /** `left join lateral (…) as "x" on …` for each embedded resource. */
  joins: string[]
  /** Joins that can remove rows (`!inner`, or filtered by `is.null`): what a count must keep. */
  filteringJoins: string[]
  /** `group by` expressions when the level aggregates; null when it does not. */
  groupBy: string[] | null
  /** The relation with `embedNull` set, for the level's own filters. */
  relation: Relation
}

export const tableRelation = (cache: SchemaCache, table: TableInfo): Relation => ({
  label: table.name,
  columns: table.columns,
  table: { cache, name: table.name },
})

const qualifiedName = (cache: SchemaCache, name: string) => `${ident(cache.schema)}.${ident(name)}`

/**
 * Plans the select list of one level: its fields, aggregates and every embedded resource, each a
 * lateral subquery correlated with this level's rows (`qualifier`), run in the same statement as the
 * caller, so row-level security applies to every embedded table.
 */
export function planLevel(
  ctx: PlanContext,
  relation: Relation,
  qualifier: string,
  items: SelectItem[],
  path: string,
  filters: Filter[],
): Level {
  const list: string[] = []
  const outputs: string[] = []
  const joins: string[] = []
  const filteringJoins: string[] = []
  const grouped: string[] = []
  const embedNull = new Map<string, string>()
  const embeds = new Map<string, { alias: string; toOne: boolean }>()
  const withNulls: Relation = { ...relation, embedNull, embeds }
  let aggregates = false
  const nullFiltered = embedNullTargets(filters)
  const keys = new Set<string>()
  for (const original of items) {
    // `rel(count)`: PostgREST's older count of embedded rows, which needs no aggregate setting.
    const legacyCount =
      path !== '' &&
      original.kind === 'field' &&
      !original.aggregate &&
      original.field.column === 'count' &&
      !original.field.path.length &&
      !relation.columns.has('count')
    const item: SelectItem = legacyCount
      ? { kind: 'count', alias: original.kind === 'field' ? original.alias : 'count', cast: null }
      : original
    if (item.kind === 'star') {
      for (const name of relation.columns.keys()) {
        list.push(`${qualifier}.${ident(name)}`)
        grouped.push(`${qualifier}.${ident(name)}`)
        outputs.push(name)
      }
    } else if (item.kind === 'count' || (item.kind === 'field' && item.aggregate)) {
      if (!ctx.aggregates && !legacyCount) throw aggregatesDisabled()
      aggregates = true
      const cast = item.cast ? `::${item.cast}` : ''
      const value =
        item.kind === 'count'
          ? 'pg_catalog.count(*)'
          : `pg_catalog.${item.aggregate}(${fieldSql(relation, qualifier, item.field, ctx.params)})`
      list.push(`${value}${cast} as ${ident(item.alias)}`)
      outputs.push(item.alias)
    } else if (item.kind === 'field') {
      const cast = item.cast ? `::${item.cast}` : ''
      const value = `${fieldSql(relation, qualifier, item.field, ctx.params)}${cast}`
      list.push(`${value} as ${ident(item.alias)}`)
      grouped.push(value)
      outputs.push(item.alias)
    } else {
      const key = embedKey(item.embed)
      // Two embeds under one name: PostgREST's SQL gets the same alias twice, and Postgres refuses it.
      if (keys.has(key)) throw duplicateEmbed(`${relation.table?.name ?? relation.label}_${key}_1`)
      keys.add(key)
      const embed = planEmbed(ctx, relation, qualifier, item.embed, path)
      joins.push(embed.join)
      if (embed.filtering || nullFiltered.has(embedKey(item.embed))) filteringJoins.push(embed.join)
      embedNull.set(key, embed.empty)
      embeds.set(key, { alias: embed.alias, toOne: embed.toOne })
      for (const [expr, name] of embed.selects) {
        list.push(`${expr} as ${ident(name)}`)
        grouped.push(expr)
        outputs.push(name)
      }
    }
  }
  return {
    list,
    outputs,
    joins,
    filteringJoins,
    groupBy: aggregates ? grouped : null,
    relation: withNulls,
  }
}

/** Names tested with `is.null` / `not.is.null`, which may be embeds. */
function embedNullTargets(filters: Filter[], found = new Set<string>()): Set<string> {
  for (const f of filters) {
    if (f.kind === 'logic') embedNullTargets(f.children, found)
    else if (f.operation.type === 'is' && !f.field.path.length) found.add(f.field.column)
  }
  return found
}

type PlannedEmbed = {
  join: string
  /** The join's alias, and whether it gives one row (what a related order may use). */
  alias: string
  toOne: boolean
  /** Expressions and names this embed adds to its parent's select list. */
  selects: [string, string][]
  /** SQL true when the embed has no row (for `is.null` filters). */
  empty: string
  filtering: boolean
}

function pageSql(ctx: PlanContext, parts: EmbedParts | undefined, source: string): string {
  const number = (value: string | null, what: string) => {
    if (value === null) return null
    if (!/^\d+$/.test(value)) throw parseError(what, value)
    return ctx.params.add(Number(value))
  }
  const limit = number(parts?.limit ?? null, `${source}.limit`)
  const offset = number(parts?.offset ?? null, `${source}.offset`)
  return `${limit === null ? '' : ` limit ${limit}`}${offset === null ? '' : ` offset ${offset}`}`
}

function planEmbed(
  ctx: PlanContext,
  parent: Relation,
  parentQualifier: string,
  embed: EmbedSelect,
  parentPath: string,
): PlannedEmbed {
  const origin = parent.table?.name ?? parent.label
  const resolved = findRelationship(ctx.cache, origin, embed.name, embed.hint)
  const key = embedKey(embed)
  const path = parentPath ? `${parentPath}.${key}` : key
  const n = ctx.counter.next++
  const alias = ident(`pgrst_${n}_${resolved.rel.foreignTable}`)
  const target = findTable(ctx.cache, resolved.rel.foreignTable)
  // Postgres names an embedded table by PostgREST's alias for it in errors (`messages_1.x`).
  const relation = { ...tableRelation(ctx.cache, target), label: `${target.name}_1` }
  const conditions: string[] = []
  let from: string
  let toOne: boolean
  if (resolved.kind === 'computed') {
    toOne = resolved.rel.toOne
    from = `${qualifiedName(ctx.cache, resolved.rel.fn.name)}(${parentQualifier}) as ${alias}`
  } else {
    const rel = resolved.rel
    toOne = isToOne(rel)
    from = `${qualifiedName(ctx.cache, target.name)} as ${alias}`
    if (rel.junction) {
      const junction = ident(`pgrst_${n}_junction`)
      from += `, ${qualifiedName(ctx.cache, rel.junction.table)} as ${junction}`
      for (const [jc, tc] of rel.junction.sourceColumns)
        conditions.push(`${junction}.${ident(jc)} = ${parentQualifier}.${ident(tc)}`)
      for (const [jc, fc] of rel.junction.targetColumns)
        conditions.push(`${junction}.${ident(jc)} = ${alias}.${ident(fc)}`)
    } else {
      for (const [c, fc] of rel.columns)
        conditions.push(`${alias}.${ident(fc)} = ${parentQualifier}.${ident(c)}`)
    }
  }
  const parts = ctx.embedded.get(path)
  ctx.embedded.delete(path)
  const level = planLevel(ctx, relation, alias, embed.select, path, parts?.filters ?? [])
  const where = [...conditions]
  if (parts?.filters.length) where.push(whereSql(level.relation, alias, parts.filters, ctx.params))
  const list = level.list.length ? level.list.join(', ') : 'null as "pgrst_none"'
  const groupBy = level.groupBy?.length ? ` group by ${level.groupBy.join(', ')}` : ''
  const order = orderSql(level.relation, alias, (parts?.order ?? []) as OrderTerm[], ctx.params)
  const sub =
    `select ${list} from ${[from, ...level.joins].join(' ')} where ${where.length ? where.join(' and ') : 'true'}` +
    `${groupBy}${order}${pageSql(ctx, parts, path)}`
  const inner = embed.join === 'inner'
  const joinWord = inner ? 'inner join lateral' : 'left join lateral'
  const showsNothing = embed.select.length === 0
  if (toOne) {
    const join = `${joinWord} (${sub}) as ${alias} on true`
    const empty = `row_to_json(${alias}.*) is null`
    const selects: [string, string][] = showsNothing
      ? []
      : embed.spread
        ? level.outputs.map((name) => [`${alias}.${ident(name)}`, name])
        : [[`row_to_json(${alias}.*)::jsonb`, key]]
    return { join, alias, toOne, selects, empty, filtering: inner }
  }
  const agg = ident('pgrst_agg')
  const spreadColumns = embed.spread
    ? level.outputs.map(
        (name) =>
          `coalesce(json_agg(${alias}.${ident(name)}), '[]')::jsonb as ${ident(`pgrst_spread_${name}`)}`,
      )
    : []
  const join =
    `${joinWord} (select json_agg(${alias})::jsonb as ${agg}${spreadColumns.map((c) => `, ${c}`).join('')} ` +
    `from (${sub}) as ${alias}) as ${alias} on ${inner ? `${alias}.${agg} is not null` : 'true'}`
  const empty = `${alias}.${agg} is null`
  const selects: [string, string][] = showsNothing
    ? []
    : embed.spread
      ? level.outputs.map((name) => [`${alias}.${ident(`pgrst_spread_${name}`)}`, name])
      : [[`coalesce(${alias}.${agg}, '[]')`, key]]
  return { join, alias, toOne, selects, empty, filtering: inner }
}

/** PGRST108 for filters, order or paging given for an embed the select does not have. */
export function checkAllEmbedsUsed(ctx: PlanContext): void {
  const [unused] = ctx.embedded.keys()
  if (unused !== undefined) throw notEmbedded(unused)
}
