import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { PROJECT_DIR } from '../config'
import { lineAt, splitStatements } from './sql-statements'

/** The declared schema: one file per table, view and function (family), the truth migrations follow. */
export const SCHEMAS_DIR = path.join(PROJECT_DIR, 'supabase', 'schemas')

/** `supabase/schemas/*.sql` in the order they apply: lexical, as the Supabase CLI applies them by default. */
export function listSchemaFiles(dir = SCHEMAS_DIR): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => path.join(dir, file))
}

/** A schema file that does not apply: where, and what Postgres said. */
export class SchemaFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly postgresMessage: string,
  ) {
    super(`${path.relative(PROJECT_DIR, file)}:${line}: ${postgresMessage}`)
  }
}

/**
 * Applies the schema files to a database, in one session and one transaction, as the schema owner (as
 * migrations run). Statement by statement, so that an error names the file and the line it is on.
 */
export async function applySchemaFiles(ownerUrl: string, files = listSchemaFiles()): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    await client.query('begin')
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8')
      for (const statement of splitStatements(text)) {
        try {
          await client.query(statement.sql)
        } catch (error) {
          throw asSchemaFileError(error, file, text, statement.offset, statement.sql)
        }
      }
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    await client.end()
  }
}

function asSchemaFileError(error: unknown, file: string, text: string, offset: number, sql: string): Error {
  if (!(error instanceof Error)) return new Error(String(error))
  const e = error as Error & { position?: string; where?: string; detail?: string; hint?: string }
  // `position` counts characters of the statement from 1; without one, the statement's first line.
  const position = Number(e.position ?? 0)
  const line = position > 0 ? lineAt(text, offset + Math.min(position - 1, sql.length)) : lineAt(text, offset)
  const more = [e.detail, e.hint, e.where].filter(Boolean).join('; ')
  return new SchemaFileError(file, line, more ? `${e.message} (${more})` : e.message)
}
