import { RestError } from '../core/rest/errors'
import type { ColumnInfo, FunctionInfo, ParamInfo, SchemaCache, TableInfo } from '../core/rest/schema-cache'
import type { Database } from './database'

const COLUMNS_SQL = `
select c.relname as table_name, c.relkind as kind, a.attname as column_name,
  format_type(a.atttypid, a.atttypmod) as type,
  case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_sql
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname, a.attnum`

const PRIMARY_KEYS_SQL = `
select c.relname as table_name, a.attname as column_name
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join lateral unnest(k.conkey) with ordinality u(attnum, ord) on true
join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
where n.nspname = 'public' and k.contype = 'p'
order by c.relname, u.ord`

const FUNCTIONS_SQL = `
select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
  format_type(p.prorettype, null) as return_type, t.typtype as type_kind,
  coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
  array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
    with ordinality u(x, i) order by i) as arg_types,
  p.pronargdefaults as defaults,
  array(select json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
    order by a.attnum) as composite_columns
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where n.nspname = 'public' and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`

type ColumnRow = {
  table_name: string
  kind: string
  column_name: string | null
  type: string
  default_sql: string | null
}
type FunctionRow = {
  name: string
  volatility: string
  returns_set: boolean
  return_type: string
  type_kind: string
  arg_names: string[]
  arg_modes: string[]
  arg_types: string[]
  defaults: number
  composite_columns: { name: string; type: string }[]
}

const columnMap = (columns: { name: string; type: string }[]): Map<string, ColumnInfo> =>
  new Map(columns.map((c) => [c.name, { name: c.name, type: c.type, defaultSql: null }]))

function toFunction(row: FunctionRow): FunctionInfo {
  const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i')
  const inputs: ParamInfo[] = []
  const outputs: { name: string; type: string }[] = []
  row.arg_types.forEach((type, i) => {
    const name = row.arg_names[i] ?? ''
    const mode = modes[i]
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false })
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type })
  })
  inputs.forEach((param, i) => {
    param.hasDefault = i >= inputs.length - row.defaults
  })
  const composite = row.type_kind === 'c' || (row.return_type === 'record' && outputs.length > 0)
  const returnKind = row.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar'
  const volatility = row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile'
  return {
    name: row.name,
    params: inputs,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnKind,
    volatility,
    columns: columnMap(row.type_kind === 'c' ? row.composite_columns : outputs),
  }
}

/** Reads the tables, views and functions of schema `public`, as PostgREST's schema cache holds them. */
export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  const [columns, keys, functions] = await Promise.all([
    db.api.query<ColumnRow>(COLUMNS_SQL),
    db.api.query<{ table_name: string; column_name: string }>(PRIMARY_KEYS_SQL),
    db.api.query<FunctionRow>(FUNCTIONS_SQL),
  ])
  const tables = new Map<string, TableInfo>()
  for (const row of columns.rows) {
    let table = tables.get(row.table_name)
    if (!table) {
      const kind = row.kind === 'v' || row.kind === 'm' ? 'view' : 'table'
      table = { name: row.table_name, kind, columns: new Map(), primaryKey: [] }
      tables.set(row.table_name, table)
    }
    if (row.column_name) {
      table.columns.set(row.column_name, {
        name: row.column_name,
        type: row.type,
        defaultSql: row.default_sql,
      })
    }
  }
  for (const key of keys.rows) tables.get(key.table_name)?.primaryKey.push(key.column_name)
  const fns = new Map<string, FunctionInfo[]>()
  for (const row of functions.rows) {
    const fn = toFunction(row)
    fns.set(fn.name, [...(fns.get(fn.name) ?? []), fn])
  }
  return { tables, functions: fns }
}

/** The schema cache, loaded once and reloaded when a request names something it does not know. */
export class Catalog {
  private cache: Promise<SchemaCache> | undefined

  constructor(private readonly db: Database) {}

  get(): Promise<SchemaCache> {
    this.cache ??= this.reload()
    return this.cache
  }

  reload(): Promise<SchemaCache> {
    const loading = loadSchemaCache(this.db)
    this.cache = loading
    loading.catch(() => {
      if (this.cache === loading) this.cache = undefined
    })
    return loading
  }

  /**
   * Runs `plan` against the cache; when it fails on an unknown table, column or function, reloads the
   * cache once and tries again, so objects created since the last load become visible.
   */
  async withSchema<T>(plan: (cache: SchemaCache) => T): Promise<T> {
    try {
      return plan(await this.get())
    } catch (error) {
      if (!(error instanceof RestError) || !error.cacheMiss) throw error
      return plan(await this.reload())
    }
  }
}
