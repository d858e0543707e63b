import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { DatabaseUrls } from './database'

const BASE_SCHEMA = path.join(import.meta.dirname, 'base-schema.sql')
const ROLES = path.join(import.meta.dirname, 'roles.sql')
const SCHEMA_WATCH = path.join(import.meta.dirname, 'schema-watch.sql')

/** The login roles the stack's services connect as. */
const SERVICE_ROLES = {
  owner: 'postgres',
  auth: 'supabase_auth_admin',
  storage: 'supabase_storage_admin',
  api: 'authenticator',
} as const

/** A role's password, derived from the project secret so every stack on one database agrees on it. */
function passwordOf(role: string, secret: string): string {
  return createHmac('sha256', secret).update(`roost-local-role:${role}`).digest('hex')
}

function urlAs(superuserUrl: string, role: string, password: string): string {
  const url = new URL(superuserUrl)
  if (decodeURIComponent(url.username) === role) return superuserUrl
  url.username = role
  url.password = password
  return url.toString()
}

/**
 * Prepares a database as a Supabase platform would, as its superuser: the base schema once, then the
 * roles and memberships and the event triggers that reload the API's schema after DDL (every start). Returns where each service connects, none as a superuser.
 */
export async function prepareDatabase(
  superuserUrl: string,
  secret: string,
  log: (line: string) => void = () => {},
): Promise<DatabaseUrls> {
  const client = new pg.Client({ connectionString: superuserUrl })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock(5432100)')
    const { rows } = await client.query<{ ready: string | null }>(
      `select to_regclass('supabase_migrations.schema_migrations')::text as ready`,
    )
    if (!rows[0]?.ready) {
      log('creating the Supabase base schema')
      await client.query('begin')
      await client.query(fs.readFileSync(BASE_SCHEMA, 'utf8'))
      await client.query('commit')
    }
    await client.query('begin')
    await client.query(fs.readFileSync(ROLES, 'utf8'))
    await client.query(fs.readFileSync(SCHEMA_WATCH, 'utf8'))
    const superuser = decodeURIComponent(new URL(superuserUrl).username)
    for (const role of Object.values(SERVICE_ROLES)) {
      if (role === superuser) continue
      await client.query(
        `alter role ${client.escapeIdentifier(role)} password ${client.escapeLiteral(passwordOf(role, secret))}`,
      )
    }
    await client.query('commit')
    const owner = await client.query<{ rolsuper: boolean }>(
      `select rolsuper from pg_roles where rolname = 'postgres'`,
    )
    if (owner.rows[0]?.rolsuper) {
      log(
        'warning: this database was created with `postgres` as its superuser; migrations run as a superuser here. `npm run db:reset` recreates it the way hosted Supabase has it.',
      )
    }
    const urls = {} as DatabaseUrls
    for (const [service, role] of Object.entries(SERVICE_ROLES) as [keyof DatabaseUrls, string][]) {
      urls[service] = urlAs(superuserUrl, role, passwordOf(role, secret))
    }
    return urls
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    await client.query('select pg_advisory_unlock(5432100)').catch(() => {})
    await client.end()
  }
}
