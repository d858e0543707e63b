import pg from 'pg'
import { RestError } from '../core/rest/errors'
import { buildRelationships } from '../core/rest/relationships'
import type {
  ApiSettings,
  ColumnInfo,
  FunctionInfo,
  ParamInfo,
  SchemaCache,
  TableInfo,
} from '../core/rest/schema-cache'
import type { Database } from './database'

const COLUMNS_SQL = `
select c.relname as table_name, c.relkind as kind, a.attname as column_name,
  format_type(a.atttypid, a.atttypmod) as type,
  case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_sql
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname, a.attnum`

const PRIMARY_KEYS_SQL = `
select c.relname as table_name, a.attname as column_name
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join lateral unnest(k.conkey) with ordinality u(attnum, ord) on true
join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
where n.nspname = $1 and k.contype = 'p'
order by c.relname, u.ord`

const FUNCTIONS_SQL = `
select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
  format_type(p.prorettype, null) as return_type, t.typtype as type_kind,
  coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
  array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
    with ordinality u(x, i) order by i) as arg_types,
  p.pronargdefaults as defaults, p.prorows as rows,
  array(select coalesce((select c.relname::text from pg_class c where c.oid = at.typrelid
      and c.relnamespace = n.oid and c.relkind in ('r', 'v', 'm', 'f', 'p')), '')
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i)
    join pg_type at on at.oid = u.x order by u.i) as arg_rows,
  (select c.relname from pg_class c where c.oid = t.typrelid and c.relnamespace = n.oid
    and c.relkind in ('r', 'v', 'm', 'f', 'p')) as returns_row_of,
  array(select json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
    order by a.attnum) as composite_columns
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`

const FOREIGN_KEYS_SQL = `
select k.conname as name, c.relname as table_name, f.relname as foreign_table,
  array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, i)
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.i) as columns,
  array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, i)
    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.i) as foreign_columns,
  exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
    and (select array_agg(x order by x) from unnest(u.conkey) x)
      = (select array_agg(x order by x) from unnest(k.conkey) x)) as one_to_one
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class f on f.oid = k.confrelid
join pg_namespace fn on fn.oid = f.relnamespace
where k.contype = 'f' and n.nspname = $1 and fn.nspname = $1
order by k.conname`

type ForeignKeyRow = {
  name: string
  table_name: string
  foreign_table: string
  columns: string[]
  foreign_columns: string[]
  one_to_one: boolean
}

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
  rows: number
  arg_rows: string[]
  returns_row_of: string | null
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
    const rowOf = row.arg_rows[i] || null
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, rowOf })
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
    returnsRowOf: row.returns_row_of,
    singleRow: row.returns_set && Number(row.rows) === 1,
  }
}

/** Reads the tables, views, functions and foreign keys of a schema, as PostgREST's schema cache holds them. */
export async function loadSchemaCache(db: Database, schema = 'public'): Promise<SchemaCache> {
  const [columns, keys, functions, foreignKeys] = await Promise.all([
    db.api.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.api.query<{ table_name: string; column_name: string }>(PRIMARY_KEYS_SQL, [schema]),
    db.api.query<FunctionRow>(FUNCTIONS_SQL, [schema]),
    db.api.query<ForeignKeyRow>(FOREIGN_KEYS_SQL, [schema]),
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
  const relationships = buildRelationships(
    foreignKeys.rows.map((row) => ({
      name: row.name,
      table: row.table_name,
      foreignTable: row.foreign_table,
      columns: row.columns,
      foreignColumns: row.foreign_columns,
      oneToOne: row.one_to_one,
    })),
    tables,
  )
  return { schema, tables, functions: fns, relationships }
}

const SETTINGS_SQL = `
select split_part(s, '=', 1) as key, substr(s, strpos(s, '=') + 1) as value
from pg_db_role_setting r, unnest(r.setconfig) s
where r.setrole = 'authenticator'::regrole
  and r.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and s like 'pgrst.%'
order by r.setdatabase`

const truthy = (value: string | undefined) => value !== undefined && /^(true|on|1|yes)$/i.test(value.trim())

/**
 * PostgREST's in-database configuration: `alter role authenticator set pgrst.db_schemas = '…'` (and
 * `pgrst.db_aggregates_enabled`, `pgrst.db_plan_enabled`), read at start and on `NOTIFY pgrst,
 * 'reload config'`. Without any, only `public` is exposed and aggregates and plans are off, as on
 * hosted Supabase.
 */
export async function loadSettings(db: Database): Promise<ApiSettings> {
  const { rows } = await db.api.query<{ key: string; value: string }>(SETTINGS_SQL)
  const values = new Map(rows.map((row) => [row.key.slice('pgrst.'.length), row.value]))
  const schemas = (values.get('db_schemas') ?? 'public')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return {
    schemas: schemas.length ? schemas : ['public'],
    aggregates: truthy(values.get('db_aggregates_enabled')),
    plan: truthy(values.get('db_plan_enabled')),
  }
}

/**
 * The schema cache of each exposed schema, loaded when first needed and reloaded on `NOTIFY pgrst`
 * (`'reload schema'`, `'reload config'` or an empty payload, as PostgREST listens) and when a request
 * names something it does not know.
 */
export class Catalog {
  private settings: Promise<ApiSettings> | undefined
  private readonly caches = new Map<string, Promise<SchemaCache>>()
  private listener: pg.Client | undefined
  private closed = false

  constructor(private readonly db: Database) {}

  getSettings(): Promise<ApiSettings> {
    if (!this.settings) {
      const loading = loadSettings(this.db)
      this.settings = loading
      loading.catch(() => {
        if (this.settings === loading) this.settings = undefined
      })
    }
    return this.settings
  }

  get(schema = 'public'): Promise<SchemaCache> {
    return this.caches.get(schema) ?? this.reload(schema)
  }

  reload(schema = 'public'): Promise<SchemaCache> {
    const loading = Promise.all([loadSchemaCache(this.db, schema), this.getSettings()]).then(
      ([cache, settings]) => ({ ...cache, settings }),
    )
    this.caches.set(schema, loading)
    loading.catch(() => {
      if (this.caches.get(schema) === loading) this.caches.delete(schema)
    })
    return loading
  }

  /** Forgets every loaded schema (and, with `config`, the settings): the next request reloads them. */
  invalidate(config: boolean): void {
    this.caches.clear()
    if (config) this.settings = undefined
  }

  /**
   * Runs `plan` against the cache; when it fails on an unknown table, column or function, reloads the
   * cache once and tries again, so objects created since the last load become visible.
   */
  async withSchema<T>(plan: (cache: SchemaCache) => T, schema = 'public'): Promise<T> {
    try {
      return plan(await this.get(schema))
    } catch (error) {
      if (!(error instanceof RestError) || !error.cacheMiss) throw error
      return plan(await this.reload(schema))
    }
  }

  /** Listens on channel `pgrst` for reload requests, on a connection of its own; reconnects if it drops. */
  async listen(): Promise<void> {
    if (this.listener || this.closed) return
    const client = new pg.Client(this.db.api.options)
    this.listener = client
    client.on('notification', (message) => {
      const payload = (message.payload ?? '').trim()
      if (payload === '' || payload === 'reload schema') this.invalidate(false)
      else if (payload === 'reload config') this.invalidate(true)
    })
    client.on('error', () => {
      if (this.listener === client) this.listener = undefined
      client.end().catch(() => {})
      if (!this.closed) setTimeout(() => void this.listen().catch(() => {}), 1000).unref()
    })
    try {
      await client.connect()
      // The listening connection never keeps the process alive; it ends with Postgres or the process.
      ;(
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.()
      await client.query('listen pgrst')
    } catch (error) {
      if (this.listener === client) this.listener = undefined
      await client.end().catch(() => {})
      throw error
    }
    // Anything changed while not listening is read again.
    this.invalidate(true)
  }

  async close(): Promise<void> {
    this.closed = true
    const client = this.listener
    this.listener = undefined
    await client?.end().catch(() => {})
  }
}
