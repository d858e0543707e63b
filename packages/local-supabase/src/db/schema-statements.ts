import type { SchemaDifference, SchemaSnapshot } from './schema-compare'

/** The API roles hosted Supabase grants new functions to by default privileges. */
const API_ROLES = ['anon', 'authenticated', 'service_role']

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/**
 * Statements for the differences migra does not write: functions' grants and comments. Each snapshot
 * name of those kinds is the SQL that names the object (`function public.f(a text)`,
 * `column public.listings.name`), so the statement is that name with its new value. `target` is the
 * snapshot being reached: a comment or grant of an object it no longer has goes with the object.
 */
export function statementsMigraMisses(
  differences: SchemaDifference[],
  target: SchemaSnapshot,
  opts: { relationGrants?: boolean } = {},
): string[] {
  const statements: string[] = []
  for (const d of differences) {
    const wanted = d.kind === 'only-in-first' ? null : d.second
    const object = d.object.replace(/^(comment on|grants on) /, '')
    if (wanted === null && !target.has(object) && !target.has(`table ${object}`)) continue
    if (d.object.startsWith('comment on ')) {
      statements.push(`${d.object} is ${wanted === null ? 'null' : literal(wanted)};`)
    } else if (d.object.startsWith('grants on function ')) {
      statements.push(...functionGrants(object, wanted))
    } else if (opts.relationGrants && d.object.startsWith('grants on column ')) {
      statements.push(...columnGrants(object.slice('column '.length), wanted))
    } else if (opts.relationGrants && d.object.startsWith('grants on ')) {
      const kind = target.has(`sequence ${object}`) ? 'sequence' : 'table'
      statements.push(...relationGrants(`${kind} ${object}`, wanted))
    }
  }
  return statements
}

const PRIVILEGES: Record<string, string> = {
  r: 'select',
  a: 'insert',
  w: 'update',
  d: 'delete',
  D: 'truncate',
  x: 'references',
  t: 'trigger',
  m: 'maintain',
  U: 'usage',
}

/** `anon=r/postgres service_role=arwd/postgres` → each grantee with its privileges (grant options aside). */
function aclItems(acl: string | null): { grantee: string; privileges: string[] }[] {
  return (acl ?? '').split(' ').flatMap((item) => {
    const m = /^(.*)=([a-zA-Z*]*)\/(.*)$/.exec(item)
    if (!m || m[1] === m[3]) return []
    const privileges = [...(m[2] ?? '').replace(/\*/g, '')].map((letter) => PRIVILEGES[letter] ?? letter)
    return [{ grantee: m[1] || 'public', privileges }]
  })
}

/** A table's, view's or sequence's grants to the API roles, set to an ACL (null: the owner's alone). */
function relationGrants(target: string, acl: string | null): string[] {
  return [
    `revoke all on ${target} from public, ${API_ROLES.join(', ')};`,
    ...aclItems(acl).map((item) => `grant ${item.privileges.join(', ')} on ${target} to ${item.grantee};`),
  ]
}

/** A column's own grants (`public.profiles.name`), set to an ACL. */
function columnGrants(column: string, acl: string | null): string[] {
  const at = column.lastIndexOf('.')
  const [table, name] = [column.slice(0, at), column.slice(at + 1)]
  return [
    `revoke all (${name}) on table ${table} from public, ${API_ROLES.join(', ')};`,
    ...aclItems(acl).map(
      (item) => `grant ${item.privileges.join(', ')} (${name}) on table ${table} to ${item.grantee};`,
    ),
  ]
}

/** A function's grants set to an ACL (`anon=X/postgres …`; null: Postgres's default, execute for all). */
function functionGrants(target: string, acl: string | null): string[] {
  const revoke = `revoke all on ${target} from public, ${API_ROLES.join(', ')};`
  if (acl === null) return [revoke, `grant execute on ${target} to public;`]
  const items = acl.split(' ').flatMap((item) => {
    const m = /^(.*)=X\*?\/(.*)$/.exec(item)
    return m ? [{ grantee: m[1] ?? '', grantor: m[2] ?? '' }] : []
  })
  const grants = items
    .filter((item) => item.grantee !== item.grantor)
    .map((item) => `grant execute on ${target} to ${item.grantee === '' ? 'public' : item.grantee};`)
  return [revoke, ...grants]
}

/**
 * migra recreates a view that depends on a changed table without its options (`security_invoker`), so
 * a view that differs only in its options after migra's statements gets them set again.
 */
export function viewOptionStatements(differences: SchemaDifference[]): string[] {
  const statements: string[] = []
  const optionsOf = (definition: string) =>
    (definition.split('\n').find((line) => line.startsWith('options ')) ?? '').replace(/^options /, '')
  const withoutOptions = (definition: string) =>
    definition
      .split('\n')
      .filter((line) => !line.startsWith('options '))
      .join('\n')
  for (const d of differences) {
    if (d.kind !== 'differs' || !d.object.startsWith('view ')) continue
    if (withoutOptions(d.first) !== withoutOptions(d.second)) continue
    const view = d.object.slice('view '.length)
    const [had, wanted] = [optionsOf(d.first), optionsOf(d.second)]
    const gone = had
      .split(', ')
      .map((option) => option.split('=')[0] ?? '')
      .filter((key) => key && !wanted.split(', ').some((option) => option.startsWith(`${key}=`)))
    if (gone.length) statements.push(`alter view ${view} reset (${gone.join(', ')});`)
    if (wanted) statements.push(`alter view ${view} set (${wanted});`)
  }
  return statements
}

/**
 * migra drops and recreates every view that depends on a changed object, even one that stays as it was, and
 * the drop fails once a function returns the view's rows (`search_homes` returns `setof market_listings`).
 * `create or replace view` keeps the view, and what depends on it, wherever the view keeps its columns; so a
 * view migra recreates is not dropped first, and one that does not change (not among `changedViews`, as
 * `schema.view`) is left alone. (Where Postgres cannot do that — a column the view reads retyped, a view
 * column renamed or removed — the statements with migra's drops are applied instead; see db-diff.)
 */
export function viewsReplacedInPlace(sql: string, changedViews: ReadonlySet<string>): string {
  const unquoted = (name: string) => name.replace(/"/g, '')
  const recreated = new Set(
    [...sql.matchAll(/^create or replace view ("[^"]+"\."[^"]+") as/gim)].map((m) =>
      unquoted(m[1] as string),
    ),
  )
  return sql
    .split(/\n\n/)
    .filter((block) => {
      const drop = /^drop view if exists ("[^"]+"\."[^"]+");$/i.exec(block.trim())
      if (drop) return !recreated.has(unquoted(drop[1] as string))
      const create = /^create or replace view ("[^"]+"\."[^"]+") as/i.exec(block.trim())
      return !create || changedViews.has(unquoted(create[1] as string))
    })
    .join('\n\n')
}
