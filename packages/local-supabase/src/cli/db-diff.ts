// `npm run db:diff -- <name> [--allow-drop]`: write the migration that brings a database built from
// supabase/migrations to the one supabase/schemas declares, as `supabase db diff -f <name>` does.
import fs from 'node:fs'
import path from 'node:path'
import { createClient } from '@pgkit/client'
import { run as migra } from '@pgkit/migra'
import pg from 'pg'
import { loadConfig, PROJECT_DIR } from '../config'
import { listMigrations } from '../db/migrate'
import { type DataDrop, dataDrops } from '../db/migration-drops'
import { migrationText } from '../db/migration-text'
import { migrationSlug, nextMigrationVersion } from '../db/migration-version'
import { compareSnapshots, describeDifferences, type SchemaDifference } from '../db/schema-compare'
import { withSchemaDatabases } from '../db/schema-databases'
import { SchemaFileError } from '../db/schema-files'
import { readSchemaSnapshot } from '../db/schema-snapshot'
import { statementsMigraMisses, viewOptionStatements, viewsReplacedInPlace } from '../db/schema-statements'
import type { ThrowawayDatabase } from '../db/throwaway'

const MIGRATIONS_DIR = path.join(PROJECT_DIR, 'supabase', 'migrations')
const SIDES = { first: 'supabase/migrations', second: 'supabase/schemas' }

type Diff = { generated: string; unwritten: string[]; drops: DataDrop[] }

/** migra's statements from one database to the other, grants included, drops included (checked after). */
async function migraStatements(from: string, to: string): Promise<string> {
  // migra opens its own connections beside these; pg-promise would warn of each as a duplicate.
  const options = { pgpOptions: { initialize: { noWarnings: true } } }
  const [a, b] = [createClient(from, options), createClient(to, options)]
  try {
    const migration = await migra(a, b, { unsafe: true, withPrivileges: true })
    return migration.sql.trim()
  } finally {
    await Promise.all([a.end(), b.end()])
  }
}

/**
 * The statements, checked on the migrations' database itself: applied as the schema owner (as a
 * migration runs), then compared again; what still differs is what the diff could not write.
 */
async function diff(
  migrations: ThrowawayDatabase,
  schemas: ThrowawayDatabase,
  allowDrop: boolean,
): Promise<Diff | null> {
  const target = await readSchemaSnapshot(schemas.superuser)
  const before = compareSnapshots(await readSchemaSnapshot(migrations.superuser), target)
  if (!before.length) return null
  const fromMigra = await migraStatements(migrations.superuser, schemas.superuser)
  let generated = [fromMigra, ...statementsMigraMisses(before, target)].filter(Boolean).join('\n\n')
  const drops = dataDrops(generated)
  if (drops.length && !allowDrop) return { generated, unwritten: [], drops }
  // A view migra recreates is replaced in place where Postgres allows it; otherwise migra's drops stand.
  const inPlace = viewsReplacedInPlace(generated, changedViews(before))
  if (inPlace !== generated && (await appliesAsOwner(migrations.owner, inPlace))) generated = inPlace
  else await applyAsOwner(migrations.owner, generated)
  let after = compareSnapshots(await readSchemaSnapshot(migrations.superuser), target)
  // migra drops and recreates a view that depends on a changed table, without its options, grants and
  // comments: what that left different is written again.
  const again = [
    ...viewOptionStatements(after),
    ...statementsMigraMisses(after, target, { relationGrants: true }),
  ]
  if (again.length) {
    await applyAsOwner(migrations.owner, again.join('\n'))
    generated = `${generated}\n\n${again.join('\n')}`
    after = compareSnapshots(await readSchemaSnapshot(migrations.superuser), target)
  }
  return { generated, unwritten: after.length ? [describeDifferences(after, SIDES)] : [], drops }
}

/** The views a difference names (`view public.v`, or its comment, grants or columns), as `schema.view`. */
function changedViews(differences: SchemaDifference[]): Set<string> {
  const views = new Set<string>()
  for (const d of differences) {
    const m = /^(?:comment on |grants on )?(?:view|column) ([^ ]+)/.exec(d.object)
    if (!m) continue
    const name = (m[1] as string).replace(/"/g, '')
    const parts = name.split('.')
    // A column names its relation first; a view's name may come without its schema (public).
    const relation = d.object.includes('column ') ? parts.slice(0, -1) : parts
    views.add(relation.length === 1 ? `public.${relation[0]}` : relation.join('.'))
  }
  return views
}

/** Whether the statements apply as the schema owner; when they do not, nothing of them is kept (one transaction). */
async function appliesAsOwner(url: string, sql: string): Promise<boolean> {
  try {
    await applyAsOwner(url, sql)
    return true
  } catch {
    return false
  }
}

async function applyAsOwner(url: string, sql: string): Promise<void> {
  const owner = new pg.Client({ connectionString: url })
  await owner.connect()
  try {
    await owner.query(sql)
  } catch (error) {
    throw new Error(
      `the generated statements do not apply to a database built from the migrations: ${(error as Error).message}\n\n${sql}`,
    )
  } finally {
    await owner.end()
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const allowDrop = args.includes('--allow-drop')
  const name = migrationSlug(args.find((a) => !a.startsWith('--')))
  const config = loadConfig()
  const result = await withSchemaDatabases(
    // Throw-away clusters of their own beside the stack's database port (gen:types takes +1000).
    {
      dataDir: path.join(config.dataDir, 'db-diff'),
      port: config.dbPort + 1001,
      jwtSecret: config.jwtSecret,
    },
    ({ migrations, schemas }) => diff(migrations, schemas, allowDrop),
  )
  if (!result) {
    console.log('No difference: supabase/schemas and supabase/migrations agree. No migration written.')
    return 0
  }
  if (result.drops.length && !allowDrop) {
    console.error('This migration would drop data:')
    for (const drop of result.drops)
      console.error(`  ${drop.column ? `column ${drop.table}.${drop.column}` : `table ${drop.table}`}`)
    console.error(
      'Move what must stay first (see "Changing the schema" in the README), then run again with --allow-drop.',
    )
    console.error('No migration written.')
    return 1
  }
  const version = nextMigrationVersion(
    new Date(),
    listMigrations(MIGRATIONS_DIR).map((m) => m.version),
  )
  const file = path.join(MIGRATIONS_DIR, `${version}_${name}.sql`)
  fs.writeFileSync(file, migrationText({ name, generated: result.generated, unwritten: result.unwritten }))
  console.log(`wrote ${path.relative(PROJECT_DIR, file)}`)
  if (result.unwritten.length) {
    console.error(
      `The diff could not write every difference; they are listed at the end of the file:\n${result.unwritten.join('\n')}`,
    )
    return 1
  }
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  if (error instanceof SchemaFileError) {
    console.error(`A schema file does not apply: ${error.message}`)
    console.error('No migration written.')
  } else {
    console.error(error instanceof Error ? error.message : error)
  }
  process.exitCode = 1
}
