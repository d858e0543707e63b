import { ambiguousFunction, functionNotFound, tableNotFound } from './errors'

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

export type ParamInfo = {
  name: string
  type: string
  hasDefault: boolean
  /** The table (of this schema) whose row type the parameter has, if any. */
  rowOf?: string | null
}

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
  /** The table of this schema whose rows the function returns, if any. */
  returnsRowOf?: string | null
  /** Declared `rows 1`: a set-returning function that gives at most one row (a to-one relationship). */
  singleRow?: boolean
  /**
   * Whether `rpc/` may call it: PostgREST leaves out functions with more than one unnamed parameter, or
   * one that is not bytea, json, jsonb, text or xml (they still serve as computed fields).
   */
  callable?: boolean
}

/** A foreign key seen from one side, as PostgREST's schema cache holds it. */
export type Relationship = {
  table: string
  foreignTable: string
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'
  /** The constraint's name (for many-to-many: of the junction's key to `table`). */
  constraint: string
  /** Pairs (column of `table`, column of `foreignTable`); empty for many-to-many. */
  columns: [string, string][]
  junction: {
    table: string
    /** Key from the junction to `table`, and to `foreignTable`. */
    sourceConstraint: string
    targetConstraint: string
    /** Pairs (junction column, `table` column) and (junction column, `foreignTable` column). */
    sourceColumns: [string, string][]
    targetColumns: [string, string][]
  } | null
  isSelf: boolean
}

/** A function taking a row of `table` and returning rows of another table: embeddable by its name. */
export type ComputedRelationship = { fn: FunctionInfo; table: string; foreignTable: string; toOne: boolean }

/** PostgREST settings read from the database (`pgrst.*` settings of the `authenticator` role). */
export type ApiSettings = {
  /** Exposed schemas, the first being the default (`pgrst.db_schemas`). */
  schemas: string[]
  /** `pgrst.db_aggregates_enabled`: aggregate functions in `select`. */
  aggregates: boolean
  /** `pgrst.db_plan_enabled`: `Accept: application/vnd.pgrst.plan` answers with EXPLAIN's output. */
  plan: boolean
}

export type SchemaCache = {
  schema: string
  settings?: ApiSettings
  tables: Map<string, TableInfo>
  functions: Map<string, FunctionInfo[]>
  /** Relationships by the table they start from. */
  relationships: Map<string, Relationship[]>
}

export const isToOne = (rel: Relationship) =>
  rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one'

/** Functions of one row of `table` that return a scalar: selectable and filterable like columns. */
export function computedField(cache: SchemaCache, table: string, name: string): FunctionInfo | null {
  for (const fn of cache.functions.get(name) ?? []) {
    const first = fn.params[0]
    if (!first || first.rowOf !== table || fn.returnsSet || fn.returnKind !== 'scalar') continue
    if (fn.params.slice(1).every((p) => p.hasDefault)) return fn
  }
  return null
}

/** A function of one row of `table` returning rows of a table: a computed relationship. */
export function computedRelationship(
  cache: SchemaCache,
  table: string,
  name: string,
): ComputedRelationship | null {
  for (const fn of cache.functions.get(name) ?? []) {
    const first = fn.params[0]
    if (!first || first.rowOf !== table || !fn.returnsRowOf) continue
    if (!fn.params.slice(1).every((p) => p.hasDefault)) continue
    const toOne = !fn.returnsSet || Boolean(fn.singleRow)
    return { fn, table, foreignTable: fn.returnsRowOf, toOne }
  }
  return null
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
  if (!table) throw tableNotFound(name, closest(name, cache.tables.keys()), cache.schema)
  return table
}

/** The media type of an RPC body, which decides the type a single unnamed parameter may have. */
export type BodyMedia = 'json' | 'text' | 'xml' | 'bytea' | null

const UNNAMED_TYPES: Record<Exclude<BodyMedia, null>, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
}

/**
 * The overload of `name` that the argument names call, as PostgREST's `findProc` picks it: every
 * parameter without a default is given and every given name is a parameter. With no such overload, a
 * POST may call a function with one unnamed parameter of the body's type (json/jsonb, text, xml,
 * bytea), which then takes the whole body (`bodyParam`). Several candidates → PGRST203 (300).
 */
export function findFunction(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  media: BodyMedia = null,
): { fn: FunctionInfo; bodyParam: boolean } {
  const overloads = (cache.functions.get(name) ?? []).filter((fn) => fn.callable !== false)
  const given = new Set(argNames)
  const raw = media !== null && media !== 'json'
  const named = overloads.filter((fn) => {
    if (!fn.params.length) return given.size === 0 && !raw
    const all = new Set(fn.params.map((p) => p.name))
    return argNames.every((arg) => all.has(arg)) && fn.params.every((p) => p.hasDefault || given.has(p.name))
  })
  const unnamed =
    media === null
      ? []
      : overloads.filter(
          (fn) =>
            fn.params.length === 1 &&
            fn.params[0]?.name === '' &&
            UNNAMED_TYPES[media].includes(fn.params[0].type),
        )
  const candidates = named.length ? named : unnamed
  if (candidates.length > 1) {
    const signature = (fn: FunctionInfo) => fn.params.map((p) => p.type).join(',')
    throw ambiguousFunction(
      cache.schema,
      [...candidates].sort((a, b) => signature(a).localeCompare(signature(b))),
    )
  }
  const fn = candidates[0]
  // A single unnamed parameter takes the whole body (or all query arguments), as PostgREST calls it.
  if (fn) return { fn, bodyParam: fn.params.length === 1 && fn.params[0]?.name === '' }
  throw functionNotFound(
    name,
    [...argNames].sort(),
    rpcHint(cache, name, argNames, overloads),
    cache.schema,
    media,
  )
}

/**
 * PostgREST's hint for PGRST202: with overloads of that name, the closest parameter list; otherwise the
 * closest function name.
 */
function rpcHint(cache: SchemaCache, name: string, argNames: string[], overloads: FunctionInfo[]) {
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`
  if (overloads.length) {
    const params = closest(
      list(argNames),
      overloads.map((fn) => list(fn.params.map((p) => p.name))),
    )
    return params === null ? null : `${name}${params}`
  }
  const callable = [...cache.functions.entries()]
    .filter(([, fns]) => fns.some((fn) => fn.callable !== false))
    .map(([fnName]) => fnName)
  return closest(name, callable)
}
