import { describe, expect, it } from 'vitest'
import { drainQueue, isolated } from '../../supabase/functions/_shared/queue-item'
import { withDatabase } from './support/clients'

/**
 * The senders settle each queue item in a savepoint (supabase/functions/_shared/queue-item.ts), on real
 * Postgres: an item whose work throws, even with an SQL error that aborts the transaction, undoes only its
 * own writes; the items before and after it commit with the claim's transaction.
 */
describe('a queue item settled in its own savepoint', () => {
  it('an item that fails in SQL is rolled back alone and the batch commits the others', async () => {
    await withDatabase(async (db) => {
      await db.query('create temporary table settled (item int primary key)')
      await db.query('begin')
      const first = await isolated(db, async () => {
        await db.query('insert into settled values (1)')
        return 'sent'
      })
      const poison = await isolated(db, async () => {
        await db.query('insert into settled values (2)')
        // A duplicate key: Postgres aborts the transaction until the savepoint is rolled back.
        await db.query('insert into settled values (1)')
        return 'sent'
      })
      const thrown = await isolated(db, async () => {
        throw new Error('The subscription p256dh value should be 65 bytes long.')
      })
      const last = await isolated(db, async () => {
        await db.query('insert into settled values (3)')
        return 'sent'
      })
      await db.query('commit')

      expect(first).toEqual({ ok: true, value: 'sent' })
      expect(poison).toMatchObject({ ok: false, error: expect.stringContaining('duplicate key') })
      expect(thrown).toEqual({
        ok: false,
        error:
          'the sender failed on this item: Error: The subscription p256dh value should be 65 bytes long.',
      })
      expect(last).toEqual({ ok: true, value: 'sent' })
      const { rows } = await db.query<{ item: number }>('select item from settled order by item')
      expect(rows.map((row) => row.item)).toEqual([1, 3])
    })
  })

  it('drainQueue claims batch after batch, marks a row whose work throws as failed, and counts each outcome', async () => {
    await withDatabase(async (db) => {
      // A queue of 7 rows: row 3 throws in SQL, row 5 is passed over, the rest are sent; 3 rows a batch.
      await db.query(
        'create temporary table queue (id int primary key, sent_at timestamptz, outcome text, last_error text)',
      )
      await db.query('insert into queue (id) select generate_series(1, 7)')
      const claim = 'select id from queue where sent_at is null order by id limit 3 for update skip locked'
      const finish = (id: number, outcome: string, error: string | null) =>
        db.query('update queue set sent_at = now(), outcome = $2, last_error = $3 where id = $1', [
          id,
          outcome,
          error,
        ])
      const counts = await drainQueue<{ id: number }>(db, {
        claim,
        async send(row) {
          if (row.id === 3) await db.query('select 1 / 0')
          if (row.id === 5) {
            await finish(row.id, 'skipped', null)
            return 'skipped'
          }
          await finish(row.id, 'sent', null)
          return 'sent'
        },
        markFailed: (row, error) => finish(row.id, 'failed', error),
      })
      expect(counts).toEqual({ sent: 5, skipped: 1, failed: 1 })
      const { rows } = await db.query<{ id: number; outcome: string; last_error: string | null }>(
        'select id, outcome, last_error from queue order by id',
      )
      expect(rows.map((row) => row.outcome)).toEqual([
        'sent',
        'sent',
        'failed',
        'sent',
        'skipped',
        'sent',
        'sent',
      ])
      expect(rows[2]?.last_error).toMatch(/^the sender failed on this item: .*division by zero/)
    })
  })

  it('drainQueue stops after its number of batches, leaving the rest for the next run', async () => {
    await withDatabase(async (db) => {
      await db.query('create temporary table queue (id int primary key, sent_at timestamptz)')
      await db.query('insert into queue (id) select generate_series(1, 5)')
      const counts = await drainQueue<{ id: number }>(
        db,
        {
          claim: 'select id from queue where sent_at is null order by id limit 2 for update skip locked',
          async send(row) {
            await db.query('update queue set sent_at = now() where id = $1', [row.id])
            return 'sent'
          },
          markFailed: async () => undefined,
        },
        2,
      )
      expect(counts).toEqual({ sent: 4, skipped: 0, failed: 0 })
      const { rows } = await db.query<{ id: number }>('select id from queue where sent_at is null')
      expect(rows).toEqual([{ id: 5 }])
    })
  })
})
