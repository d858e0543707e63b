import pg from 'pg'
import type { SchemaSnapshot } from './schema-compare'

/** The schemas a project's objects may be in: all but Postgres' own and the CLI's migration history. */
const IN_SCOPE = `n.nspname not like 'pg\\_%' and n.nspname not in ('information_schema', 'supabase_migrations')`
/** Not an object an extension brought (those are the extension's, compared by its name and version). */
const NOT_EXTENSION = (cls: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${cls}'::regclass and e.objid = ${oid} and e.deptype = 'e')`

/**
 * Each query yields (object, definition) rows. Definitions come from Postgres' own deparsing, so two
 * databases agree exactly when their objects do, however the SQL that made them was written.
 */
const QUERIES: string[] = [
  `select format('extension %s', extname), format('schema %s version %s', n.nspname, extversion)
     from pg_extension x join pg_namespace n on n.oid = x.extnamespace`,
  `select format('%s %s', case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' else 'table' end, c.oid::regclass),
          concat_ws(E'\\n', 'row level security ' || c.relrowsecurity, 'forced ' || c.relforcerowsecurity,
                    'options ' || array_to_string(c.reloptions, ', '), 'owner ' || pg_get_userbyid(c.relowner),
                    case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end)
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${IN_SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'S') and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  `select format('column %s.%I', c.oid::regclass, a.attname),
          concat_ws(' ', format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' end,
                    'default ' || pg_get_expr(d.adbin, d.adrelid), nullif('identity ' || a.attidentity::text, 'identity '),
                    nullif('generated ' || a.attgenerated::text, 'generated '), 'collation ' || nullif(a.attcollation, 0)::regcollation::text,
                    'statistics ' || nullif(a.attstattarget, -1))
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${IN_SCOPE} and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
      and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  // A check written NOT VALID in a migration is the same rule as one made with its table.
  `select format('constraint %I on %s', k.conname, k.conrelid::regclass), regexp_replace(pg_get_constraintdef(k.oid, true), ' NOT VALID$', '')
     from pg_constraint k join pg_namespace n on n.oid = k.connamespace
    where ${IN_SCOPE} and k.contype <> 'n' and k.conrelid <> 0`,
  `select format('index %s', i.oid::regclass), pg_get_indexdef(i.oid)
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
    where ${IN_SCOPE} and ${NOT_EXTENSION('pg_class', 'x.indrelid')}`,
  `select format('statistics %I.%I', n.nspname, s.stxname), pg_get_statisticsobjdef(s.oid) || coalesce(' target ' || nullif(s.stxstattarget, -1), '')
     from pg_statistic_ext s join pg_namespace n on n.oid = s.stxnamespace where ${IN_SCOPE}`,
  `select format('policy %I on %s', p.polname, p.polrelid::regclass),
          concat_ws(E'\\n', 'for ' || p.polcmd::text, 'permissive ' || p.polpermissive,
                    'to ' || array_to_string(array(select coalesce(pg_get_userbyid(nullif(r, 0)), 'public') from unnest(p.polroles) r order by 1), ', '),
                    'using ' || pg_get_expr(p.polqual, p.polrelid), 'with check ' || pg_get_expr(p.polwithcheck, p.polrelid))
     from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace where ${IN_SCOPE}`,
  `select format('trigger %I on %s', t.tgname, t.tgrelid::regclass), pg_get_triggerdef(t.oid, true) || ' enabled ' || t.tgenabled::text
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where ${IN_SCOPE} and not t.tgisinternal`,
  `select format('function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
          case when p.prokind = 'a' then 'aggregate' else pg_get_functiondef(p.oid) end || E'\\nowner ' || pg_get_userbyid(p.proowner)
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${IN_SCOPE} and ${NOT_EXTENSION('pg_proc', 'p.oid')}`,
  `select format('type %s', t.oid::regtype), t.typtype::text || ' ' || coalesce(
            (select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
            format_type(t.typbasetype, t.typtypmod), '')
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${IN_SCOPE} and t.typtype in ('e', 'd', 'r', 'm') and ${NOT_EXTENSION('pg_type', 't.oid')}`,
  // Grants, in a stable order (the order they were given in does not matter).
  // A relation's owner holds every privilege whether or not its ACL says so: only others' grants count.
  `select * from (
     select format('grants on %s', c.oid::regclass) as object,
            array_to_string(array(select x::text from unnest(c.relacl) x
                                   where split_part(x::text, '=', 1) <> quote_ident(pg_get_userbyid(c.relowner)) order by 1), ' ') as acl
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${IN_SCOPE} and c.relacl is not null and ${NOT_EXTENSION('pg_class', 'c.oid')}) g
    where acl <> ''`,
  `select format('grants on column %s.%I', c.oid::regclass, a.attname), array_to_string(array(select unnest(a.attacl)::text order by 1), ' ')
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where ${IN_SCOPE} and a.attacl is not null`,
  `select format('grants on function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
          array_to_string(array(select unnest(p.proacl)::text order by 1), ' ')
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${IN_SCOPE} and p.proacl is not null and ${NOT_EXTENSION('pg_proc', 'p.oid')}`,
  `select format('grants on schema %I', n.nspname), array_to_string(array(select unnest(n.nspacl)::text order by 1), ' ')
     from pg_namespace n where ${IN_SCOPE}`,
  // Comments: on relations and columns, functions, constraints, policies and triggers.
  `select format('comment on %s %s%s',
                 case when a.attname is not null then 'column' when c.relkind = 'v' then 'view' when c.relkind = 'm' then 'materialized view'
                      when c.relkind = 'i' then 'index' when c.relkind = 'S' then 'sequence' else 'table' end,
                 c.oid::regclass, coalesce('.' || quote_ident(a.attname), '')), d.description
     from pg_description d join pg_class c on d.classoid = 'pg_class'::regclass and c.oid = d.objoid
     join pg_namespace n on n.oid = c.relnamespace
     left join pg_attribute a on a.attrelid = c.oid and a.attnum = d.objsubid and d.objsubid > 0
    where ${IN_SCOPE}`,
  `select format('comment on function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)), d.description
     from pg_description d join pg_proc p on d.classoid = 'pg_proc'::regclass and p.oid = d.objoid
     join pg_namespace n on n.oid = p.pronamespace where ${IN_SCOPE} and ${NOT_EXTENSION('pg_proc', 'p.oid')}`,
  `select format('comment on constraint %I on %s', k.conname, k.conrelid::regclass), d.description
     from pg_description d join pg_constraint k on d.classoid = 'pg_constraint'::regclass and k.oid = d.objoid
     join pg_namespace n on n.oid = k.connamespace where ${IN_SCOPE}`,
  `select format('comment on policy %I on %s', p.polname, p.polrelid::regclass), d.description
     from pg_description d join pg_policy p on d.classoid = 'pg_policy'::regclass and p.oid = d.objoid`,
  `select format('comment on trigger %I on %s', t.tgname, t.tgrelid::regclass), d.description
     from pg_description d join pg_trigger t on d.classoid = 'pg_trigger'::regclass and t.oid = d.objoid`,
  // Storage buckets are rows, but a project declares them as it declares tables.
  `select format('bucket %s', id), concat_ws(' ', 'public ' || public, 'size limit ' || file_size_limit, 'types ' || allowed_mime_types::text)
     from storage.buckets`,
]

/** Reads the snapshot of a database, as a superuser (every catalog, every schema's rows it needs). */
export async function readSchemaSnapshot(url: string): Promise<SchemaSnapshot> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // Names print qualified, whatever the database's search path is.
    await client.query(`set search_path = ''`)
    const snapshot: SchemaSnapshot = new Map()
    for (const sql of QUERIES) {
      const { rows } = await client.query<[string, string | null]>({ text: sql, rowMode: 'array' })
      for (const [object, definition] of rows) snapshot.set(object, definition ?? '')
    }
    return snapshot
  } finally {
    await client.end()
  }
}
