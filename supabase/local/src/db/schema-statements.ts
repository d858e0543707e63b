import type { SchemaDifference } from './schema-compare'

/** The API roles hosted Supabase grants new functions to by default privileges. */
const API_ROLES = ['anon', 'authenticated', 'service_role']

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/**
 * Statements for the differences migra does not write: functions' grants and comments. Each snapshot
 * name of those kinds is the SQL that names the object (`function public.f(a text)`,
 * `column public.listings.name`), so the statement is that name with its new value.
 */
export function statementsMigraMisses(differences: SchemaDifference[]): string[] {
  const statements: string[] = []
  for (const d of differences) {
    const wanted = d.kind === 'only-in-first' ? null : d.second
    if (d.object.startsWith('comment on ')) {
      statements.push(`${d.object} is ${wanted === null ? 'null' : literal(wanted)};`)
    } else if (d.object.startsWith('grants on function ')) {
      statements.push(...functionGrants(d.object.slice('grants on '.length), wanted))
    }
  }
  return statements
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
