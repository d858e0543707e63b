import { describe, expect, it } from 'vitest'
import { isolated } from '../../supabase/functions/_shared/queue-item'
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
})
