import type { Statement } from '../../core/rest/statements'
import type { Database } from '../../db/database'
import { type RestRequest, Rollback } from './request'

export type StatementRow = {
  total: string | null
  page_total: string
  inserted?: string
  body: string | null
}

/**
 * Runs one statement as the caller in its own transaction. `check` may throw (e.g. PGRST116) to roll the
 * transaction back; `Prefer: tx=rollback` rolls back and still returns the result.
 */
export async function runAsCaller(
  db: Database,
  request: RestRequest,
  readOnly: boolean,
  statement: Statement,
  check: (row: StatementRow) => void = () => {},
): Promise<StatementRow> {
  try {
    return await db.asCaller(request.scope(readOnly), async (client) => {
      const result = await client.query<StatementRow>(statement.text, statement.values)
      const row = result.rows[0] ?? { total: null, page_total: '0', body: null }
      check(row)
      if (request.prefer.tx === 'rollback') throw new Rollback(row)
      return row
    })
  } catch (error) {
    if (error instanceof Rollback) return error.result as StatementRow
    throw error
  }
}
