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
