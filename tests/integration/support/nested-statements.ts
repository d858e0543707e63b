import { withDatabase } from './clients'

/** A statement a function ran, as auto_explain reports it: its text (whitespace folded) and the whole report. */
export type NestedStatement = { text: string; report: string }

/**
 * Runs `sql` as anon in a connection of its own, with the statements the functions it calls ran (auto_explain
 * reports each nested statement to the client as a notice, with its text and plan), in the order they ran.
 */
export async function runWithNestedStatements<R extends Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<{ rows: R[]; statements: NestedStatement[] }> {
  return withDatabase(async (db) => {
    const statements: NestedStatement[] = []
    db.on('notice', (notice) => {
      const text = /Query Text: ([\s\S]*?)\n[A-Z]/.exec(notice.message ?? '')?.[1]
      if (text) statements.push({ text: text.replace(/\s+/g, ' '), report: notice.message ?? '' })
    })
    await db.query("load 'auto_explain'")
    await db.query('set auto_explain.log_min_duration = 0')
    await db.query('set auto_explain.log_nested_statements = on')
    await db.query("set auto_explain.log_level = 'notice'")
    await db.query('begin')
    await db.query('set local role anon')
    const { rows } = await db.query<R>(sql, params)
    await db.query('commit')
    return { rows, statements }
  })
}
