import { describe, expect, it } from 'vitest'
import { withDatabase } from './support/clients'
import { RLS_CASES } from './support/rls-cases'
import { actAs, createRlsFixture, readStored, runRlsCase } from './support/rls-sql'

/**
 * The RLS matrix run as SQL in the API's roles with their JWT claims (what PostgREST and Storage do per
 * request), each case in its own transaction that is rolled back.
 */
describe('who may do what, enforced by Postgres', () => {
  it.each(RLS_CASES.map((c) => [`${c.rule}: ${c.actor} ${c.command} → ${c.expect}`, c] as const))(
    '%s',
    async (_name, c) => {
      await withDatabase(async (db) => {
        await db.query('begin')
        try {
          const fixture = await createRlsFixture(db)
          await actAs(db, c.actor, fixture)
          expect(await runRlsCase(db, c, fixture)).toBe(c.expect)
          if (c.stored) expect(await readStored(db, c, fixture)).toMatchObject(c.stored.equals(fixture))
        } finally {
          await db.query('rollback')
        }
      })
    },
  )

  it('covers every table and the bucket for every actor and command', () => {
    const targets = ['profiles', 'listings', 'saved_listings', 'listing-images']
    for (const target of targets) {
      for (const actor of ['anon', 'owner', 'other', 'service']) {
        for (const command of ['select', 'insert', 'update', 'delete']) {
          const found = RLS_CASES.some(
            (c) =>
              (c.target.kind === 'table'
                ? c.target.table
                : c.target.kind === 'bucket'
                  ? c.target.bucket
                  : '') === target &&
              c.actor === actor &&
              c.command === command,
          )
          expect(found, `${target} × ${actor} × ${command}`).toBe(true)
        }
      }
    }
  })
})
