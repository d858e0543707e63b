/**
 * Each scheduled run ends by recording itself in public.function_runs (public.record_function_run), which
 * public.queue_health reads: a schedule that stopped running, or whose runs fail, shows red. A run that
 * could not even reach the database is not recorded, and so shows as not having run.
 */

type Db = { query: (text: string, values?: unknown[]) => Promise<unknown> }

export async function recordRun(
  db: Db,
  schedule: string,
  startedAt: Date,
  outcome: 'ok' | 'failed',
  detail: string,
): Promise<void> {
  try {
    await db.query('select public.record_function_run($1, $2, $3, $4)', [
      schedule,
      startedAt,
      outcome,
      detail,
    ])
  } catch (error) {
    console.error(`recording the run of ${schedule} failed`, error)
  }
}
