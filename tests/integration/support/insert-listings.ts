import { withDatabase } from './clients'

/**
 * Inserts many listings at once as the database owner, without queueing alerts for them. Saved searches
 * other test files left behind would each take these homes as new matches to alert about, which is not what
 * a file that needs many homes is about, and which can take longer than a statement may run. The alert
 * trigger is disabled in this insert's own transaction only; every other trigger runs.
 */
export async function insertListingsQuietly(rows: Record<string, unknown>[]): Promise<void> {
  // The columns the rows give; the others take their defaults.
  const columns = Object.keys(rows[0] ?? {}).map((column) => `"${column}"`)
  await withDatabase(async (db) => {
    await db.query('begin')
    try {
      await db.query('alter table public.listings disable trigger listings_queue_alerts')
      await db.query(
        `insert into public.listings (${columns.join(', ')})
         select ${columns.map((column) => `r.${column}`).join(', ')}
         from jsonb_populate_recordset(null::public.listings, $1::jsonb) as r`,
        [JSON.stringify(rows)],
      )
      await db.query('alter table public.listings enable trigger listings_queue_alerts')
      await db.query('commit')
    } catch (error) {
      await db.query('rollback')
      throw error
    }
  })
}
