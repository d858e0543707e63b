/**
 * One queue item's work, isolated: every queue's sender claims a batch in one transaction and settles each
 * item in it, so an item that throws (a key no push can be encrypted to, a row a query refuses) must undo
 * only its own writes and leave the rest of the batch to go on. A savepoint does that inside the claim's
 * transaction, whose row locks stay held.
 */

/** The one database connection a sender uses (a pg.Client fits). */
export type Db = { query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }> }

/** The longest error kept on a queue row (last_error). */
export const ERROR_LENGTH = 1000

/** What a thrown value says, for last_error and logs. */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/** What an item's work gave back, or the error it threw, to record as its failed attempt. */
export type ItemResult<T> = { ok: true; value: T } | { ok: false; error: string }

/**
 * Runs `work` in a savepoint. When it throws, rolls back what it wrote (the claim's locks stay) and
 * returns the error to record as the item's failed attempt.
 */
export async function isolated<T>(db: Db, work: () => Promise<T>): Promise<ItemResult<T>> {
  await db.query('savepoint queue_item')
  try {
    const value = await work()
    await db.query('release savepoint queue_item')
    return { ok: true, value }
  } catch (error) {
    await db.query('rollback to savepoint queue_item')
    await db.query('release savepoint queue_item')
    console.error('a queue item failed', error)
    return { ok: false, error: `the sender failed on this item: ${errorText(error)}`.slice(0, ERROR_LENGTH) }
  }
}

/** How one queue row ended: its work done, passed over (nothing left to do), or its attempt failed. */
export type Outcome = 'sent' | 'skipped' | 'failed'

/** How many rows of a run ended each way. */
export type QueueCounts = Record<Outcome, number>

/** A queue as its sender sees it: how a batch is claimed, and what is done with each row. */
export type Queue<Row> = {
  /** The query that claims a batch: a claim_* function that locks due rows `for update skip locked`. */
  claim: string
  /** One row's work, including marking the row done (its finish_* function); says how the row ended. */
  send(row: Row): Promise<Outcome>
  /** Records a failed attempt for a row whose `send` threw (its finish_* function with the error). */
  markFailed(row: Row, error: string): Promise<unknown>
}

/**
 * The claim → send → mark loop every queue's sender runs. Up to `batches` times, in one transaction: claim a
 * batch (none left ends the run), send each row in a savepoint of its own (`isolated`, so one that throws
 * is rolled back alone and marked failed with its error, and the rest go on), commit. The claim's row locks
 * are held while sending, so a second sender skips these rows; a sender that dies before its commit leaves
 * them unsent and unlocked for the next run, which may send the one in flight again (each queue makes that
 * harmless: one Topic and tag per push, one idempotency key per email). An error outside a row's work (the
 * claim, marking a failure) rolls the batch back and is thrown to the caller.
 */
export async function drainQueue<Row>(db: Db, queue: Queue<Row>, batches = 10): Promise<QueueCounts> {
  const counts: QueueCounts = { sent: 0, skipped: 0, failed: 0 }
  for (let batch = 0; batch < batches; batch += 1) {
    await db.query('begin')
    try {
      const { rows } = await db.query<Row>(queue.claim)
      if (rows.length === 0) {
        await db.query('commit')
        break
      }
      for (const row of rows) {
        const settled = await isolated(db, () => queue.send(row))
        if (!settled.ok) await queue.markFailed(row, settled.error)
        counts[settled.ok ? settled.value : 'failed'] += 1
      }
      await db.query('commit')
    } catch (error) {
      await db.query('rollback').catch(() => undefined)
      throw error
    }
  }
  return counts
}
