import { ambiguousRelationship, noRelationship, type RelationshipSummary } from './errors'
import {
  type ComputedRelationship,
  closest,
  computedRelationship,
  type Relationship,
  type SchemaCache,
  type TableInfo,
} from './schema-cache'

/** A foreign key as the catalog reads it. */
export type ForeignKey = {
  name: string
  table: string
  foreignTable: string
  columns: string[]
  foreignColumns: string[]
  /** The key's columns are also a primary key or unique constraint of `table`. */
  oneToOne: boolean
}

/** A view's columns that are columns of a table: view column → that table and column. */
export type BaseColumns = Map<string, { table: string; column: string }>

/** The view's columns standing for `columns` of `table`, in order; null unless the view has them all. */
function viewColumnsFor(base: BaseColumns, table: string, columns: string[]): string[] | null {
  const found = columns.map((column) => {
    for (const [viewColumn, source] of base) {
      if (source.table === table && source.column === column) return viewColumn
    }
    return null
  })
  return found.every((c) => c !== null) ? (found as string[]) : null
}

/**
 * The foreign keys views inherit, as PostgREST derives them: a view having every column of a key (or
 * every referenced column) stands for that table in the key, so each key also joins view to table,
 * table to view and view to view. The key keeps its constraint name.
 */
export function viewKeys(keys: ForeignKey[], views: Map<string, BaseColumns>): ForeignKey[] {
  const sides = (table: string, columns: string[]) => {
    const found: { relation: string; columns: string[] }[] = [{ relation: table, columns }]
    for (const [view, base] of views) {
      const mapped = viewColumnsFor(base, table, columns)
      if (mapped) found.push({ relation: view, columns: mapped })
    }
    return found
  }
  const derived: ForeignKey[] = []
  for (const key of keys) {
    for (const from of sides(key.table, key.columns)) {
      for (const to of sides(key.foreignTable, key.foreignColumns)) {
        if (from.relation === key.table && to.relation === key.foreignTable) continue
        derived.push({
          ...key,
          table: from.relation,
          foreignTable: to.relation,
          columns: from.columns,
          foreignColumns: to.columns,
        })
      }
    }
  }
  return derived
}

/** A view that has every primary-key column of a table it reads gets that key, as in PostgREST. */
export function addViewPrimaryKeys(tables: Map<string, TableInfo>, views: Map<string, BaseColumns>): void {
  for (const [view, base] of views) {
    const info = tables.get(view)
    if (!info) continue
    const read = new Set([...base.values()].map((source) => source.table))
    for (const table of read) {
      const key = tables.get(table)?.primaryKey ?? []
      const mapped = key.length ? viewColumnsFor(base, table, key) : null
      if (mapped) info.primaryKey.push(...mapped)
    }
  }
}

const pairs = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i] as string])
const swap = (cols: [string, string][]): [string, string][] => cols.map(([a, b]) => [b, a])

/**
 * Every relationship PostgREST derives from foreign keys: each key gives many-to-one (or one-to-one
 * when its columns are unique) and the inverse one-to-many (or one-to-one); a table holding two keys
 * whose columns all lie in its primary key is a junction giving many-to-many both ways.
 */
export function buildRelationships(
  keys: ForeignKey[],
  tables: Map<string, TableInfo>,
): Map<string, Relationship[]> {
  const all: Relationship[] = []
  for (const key of keys) {
    const cols = pairs(key.columns, key.foreignColumns)
    const isSelf = key.table === key.foreignTable
    const common = { constraint: key.name, junction: null, isSelf }
    all.push({
      ...common,
      table: key.table,
      foreignTable: key.foreignTable,
      cardinality: key.oneToOne ? 'one-to-one' : 'many-to-one',
      columns: cols,
    })
    all.push({
      ...common,
      table: key.foreignTable,
      foreignTable: key.table,
      cardinality: key.oneToOne ? 'one-to-one' : 'one-to-many',
      columns: swap(cols),
    })
  }
  for (const first of keys) {
    if (first.oneToOne) continue
    const pk = new Set(tables.get(first.table)?.primaryKey ?? [])
    for (const second of keys) {
      if (second.table !== first.table || second.name === first.name || second.oneToOne) continue
      if (![...first.columns, ...second.columns].every((c) => pk.has(c))) continue
      all.push({
        table: first.foreignTable,
        foreignTable: second.foreignTable,
        cardinality: 'many-to-many',
        constraint: first.name,
        columns: [],
        junction: {
          table: first.table,
          sourceConstraint: first.name,
          targetConstraint: second.name,
          sourceColumns: pairs(first.columns, first.foreignColumns),
          targetColumns: pairs(second.columns, second.foreignColumns),
        },
        isSelf: first.foreignTable === second.foreignTable,
      })
    }
  }
  const byTable = new Map<string, Relationship[]>()
  for (const rel of all) byTable.set(rel.table, [...(byTable.get(rel.table) ?? []), rel])
  return byTable
}

const singleColumn = (rel: Relationship, side: 0 | 1): string | null =>
  rel.columns.length === 1 ? (rel.columns[0] as [string, string])[side] : null

function summary(rel: Relationship): RelationshipSummary {
  const list = (cols: string[]) => `(${cols.join(', ')})`
  const relationship = rel.junction
    ? `${rel.junction.table} using ${rel.junction.sourceConstraint}${list(rel.junction.sourceColumns.map((c) => c[0]))} and ${rel.junction.targetConstraint}${list(rel.junction.targetColumns.map((c) => c[0]))}`
    : `${rel.constraint} using ${rel.table}${list(rel.columns.map((c) => c[0]))} and ${rel.foreignTable}${list(rel.columns.map((c) => c[1]))}`
  return { cardinality: rel.cardinality, embedding: `${rel.table} with ${rel.foreignTable}`, relationship }
}

const hintFor = (rel: Relationship) =>
  `'${rel.foreignTable}!${rel.junction ? rel.junction.table : rel.constraint}'`

export type Resolved = { kind: 'fk'; rel: Relationship } | { kind: 'computed'; rel: ComputedRelationship }

/**
 * Finds the one relationship from `origin` that `target!hint` names, as PostgREST's `findRel` does:
 * by table name, constraint name or foreign-key column, disambiguated by a hint naming a constraint,
 * a column of either side or a junction table. None → PGRST200; several → PGRST201 (300).
 */
export function findRelationship(
  cache: SchemaCache,
  origin: string,
  target: string,
  hint: string | null,
): Resolved {
  const computed = computedRelationship(cache, origin, target)
  if (computed) return { kind: 'computed', rel: computed }
  const fromOrigin = cache.relationships.get(origin) ?? []
  const matches = fromOrigin.filter((rel) => {
    const foreignIsView = cache.tables.get(rel.foreignTable)?.kind === 'view'
    const fkSingle = (name: string) => !rel.junction && singleColumn(rel, 0) === name
    const fkRefSingle = (name: string) => !rel.junction && singleColumn(rel, 1) === name
    const toOneByColumn = rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one'
    if (rel.isSelf && !rel.junction) {
      if (hint === null) {
        return (
          (target === rel.foreignTable && rel.cardinality === 'one-to-many') ||
          (fkSingle(target) && toOneByColumn)
        )
      }
      return target === rel.foreignTable && rel.cardinality === 'one-to-many' && fkRefSingle(hint)
    }
    if (hint === null) {
      return (
        target === rel.foreignTable ||
        (!rel.junction && rel.constraint === target && !foreignIsView) ||
        (fkSingle(target) && !foreignIsView)
      )
    }
    return (
      target === rel.foreignTable &&
      ((!rel.junction && rel.constraint === hint) ||
        fkSingle(hint) ||
        fkRefSingle(hint) ||
        rel.junction?.table === hint)
    )
  })
  if (matches.length === 1) return { kind: 'fk', rel: matches[0] as Relationship }
  if (matches.length === 0) {
    const known = cache.relationships.has(origin)
    const suggestion = known
      ? closest(
          target,
          fromOrigin.map((rel) => rel.foreignTable),
        )
      : closest(origin, cache.relationships.keys())
    const text =
      suggestion === null || suggestion === (known ? target : origin)
        ? null
        : `Perhaps you meant '${suggestion}' instead of '${known ? target : origin}'.`
    throw noRelationship(origin, target, cache.schema, hint, text)
  }
  throw ambiguousRelationship(origin, target, matches.map(summary), matches.map(hintFor))
}
