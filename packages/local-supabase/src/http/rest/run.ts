import type { Statement } from '../../core/rest/statements'
import type { Database } from '../../db/database'
import { type RestRequest, Rollback } from './request'

export type StatementRow = {
  total: string | null
  page_total: string
  inserted?: string
  body: string | null
  /** The planner's row estimate of the counted relation, when `countPlan` was given. */
  planned?: number
}

/** The top node's `Plan Rows` of `EXPLAIN (FORMAT JSON)`. */
function planRows(plan: unknown): number {
  const top = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan
  return Math.round(Number(top?.['Plan Rows'] ?? 0))
}

/**
 * Runs one statement as the caller in its own transaction. `check` may throw (e.g. PGRST116, PGRST124)
 * to roll the transaction back; `Prefer: tx=rollback` rolls back and still returns the result.
 * `countPlan` is explained first, in the same transaction, for `count=planned` / `estimated`.
 */
export async function runAsCaller(
  db: Database,
  request: RestRequest,
  readOnly: boolean,
  statement: Statement,
  check: (row: StatementRow) => void = () => {},
  countPlan?: Statement,
): Promise<StatementRow> {
  // A plain read (the most common request) goes in one round trip; nothing of it needs rolling back.
  if (readOnly && !countPlan) {
    const result = await db.readAsCaller(request.scope(readOnly), statement)
    const row = result.rows[0] ?? { total: null, page_total: '0', body: null }
    check(row)
    return row
  }
  try {
    return await db.asCaller(request.scope(readOnly), async (client) => {
      let planned: number | undefined
      if (countPlan) {
        const explained = await client.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) ${countPlan.text}`,
          countPlan.values,
        )
        planned = planRows(explained.rows[0]?.['QUERY PLAN'])
      }
      const result = await client.query<StatementRow>(statement.text, statement.values)
      const row = { ...(result.rows[0] ?? { total: null, page_total: '0', body: null }), planned }
      check(row)
      if (request.prefer.tx === 'rollback') throw new Rollback(row)
      return row
    })
  } catch (error) {
    if (error instanceof Rollback) return error.result as StatementRow
    throw error
  }
}

/**
 * `Accept: application/vnd.pgrst.plan`: EXPLAIN of the statement PostgREST would run, as the caller,
 * always rolled back (an `analyze` of a write runs it, and nothing of it stays).
 */
export async function explainAsCaller(
  db: Database,
  request: RestRequest,
  readOnly: boolean,
  statement: Statement,
): Promise<string> {
  const plan = request.shape.plan ?? { format: 'text', options: [] }
  const options = [`format ${plan.format}`, ...plan.options].join(', ')
  try {
    await db.asCaller(request.scope(readOnly), async (client) => {
      const result = await client.query<{ 'QUERY PLAN': unknown }>(
        `explain (${options}) ${statement.text}`,
        statement.values,
      )
      const lines = result.rows.map((row) => row['QUERY PLAN'])
      throw new Rollback(
        plan.format === 'json' ? JSON.stringify(lines[0]) : lines.map((line) => String(line)).join('\n'),
      )
    })
  } catch (error) {
    if (error instanceof Rollback) return error.result as string
    throw error
  }
  return ''
}

/** The Content-Type of a plan answer. */
export const planType = (request: RestRequest) =>
  `application/vnd.pgrst.plan+${request.shape.plan?.format ?? 'text'}; for="${
    request.shape.singular ? 'application/vnd.pgrst.object+json' : 'application/json'
  }"; charset=utf-8`
