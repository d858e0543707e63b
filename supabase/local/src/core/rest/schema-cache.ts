import { functionNotFound, tableNotFound } from './errors'

export type ColumnInfo = {
  name: string
  /** `format_type` of the column, e.g. `text`, `uuid`, `timestamp with time zone`. */
  type: string
  /** The column's default expression as Postgres prints it, or null. */
  defaultSql: string | null
}

export type TableInfo = {
  name: string
  /** Views and tables alike; PostgREST exposes both. */
  kind: 'table' | 'view'
  columns: Map<string, ColumnInfo>
  primaryKey: string[]
}

export type ParamInfo = { name: string; type: string; hasDefault: boolean }

export type FunctionInfo = {
  name: string
  params: ParamInfo[]
  returnType: string
  returnsSet: boolean
  /** How the result is shaped: rows of a composite type, one scalar per row, or nothing. */
  returnKind: 'composite' | 'scalar' | 'void'
  volatility: 'immutable' | 'stable' | 'volatile'
  /** Output columns of a composite result (table rows or OUT parameters). */
  columns: Map<string, ColumnInfo>
}

export type SchemaCache = {
  tables: Map<string, TableInfo>
  functions: Map<string, FunctionInfo[]>
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number
      row[j] = Math.min(current + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length] as number
}

/** The closest name, if any is close enough to be a likely typo. */
export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase())
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null
}

export function findTable(cache: SchemaCache, name: string): TableInfo {
  const table = cache.tables.get(name)
  if (!table) throw tableNotFound(name, closest(name, cache.tables.keys()))
  return table
}

/**
 * The overload of `name` whose parameters match the argument names: every given name is a parameter
 * and every parameter without a default is given. A single unnamed json/jsonb parameter takes the
 * whole body (`bodyParam`).
 */
export function findFunction(
  cache: SchemaCache,
  name: string,
  argNames: string[],
): { fn: FunctionInfo; bodyParam: boolean } {
  const overloads = cache.functions.get(name) ?? []
  for (const fn of overloads) {
    const known = new Set(fn.params.map((p) => p.name))
    const matches =
      argNames.every((arg) => known.has(arg)) &&
      fn.params.every((p) => p.hasDefault || argNames.includes(p.name))
    if (matches) return { fn, bodyParam: false }
  }
  const single = overloads.find(
    (fn) => fn.params.length === 1 && fn.params[0]?.name === '' && /^jsonb?$/.test(fn.params[0].type),
  )
  if (single) return { fn: single, bodyParam: true }
  throw functionNotFound(name, [...argNames].sort(), closest(name, cache.functions.keys()))
}
