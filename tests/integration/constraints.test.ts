import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withDatabase } from './support/clients'
import { listingRules, type Row, ruleLabel } from './support/listing-rules'
import { validListing } from './support/rls-cases'
import { actAs, createRlsFixture } from './support/rls-sql'

// Any plain https address passes; Storage addresses must be in the owner's folder (security-schema).
const IMAGE = 'https://images.example.com/listings/u/l/1.jpg'

/** Publishes a listing as a signed-in user straight through SQL (no app in between); returns the SQLSTATE. */
async function publish(overrides: Row): Promise<{ code?: string; constraint?: string }> {
  return withDatabase(async (db) => {
    await db.query('begin')
    try {
      const fixture = await createRlsFixture(db)
      await actAs(db, 'owner', fixture)
      const row = validListing(randomUUID(), overrides)
      const columns = Object.keys(row)
      await db.query(
        `insert into public.listings (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      )
      return {}
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string }
      return { code, constraint }
    } finally {
      await db.query('rollback')
    }
  })
}

describe('the listing rules of the create and edit forms, enforced by Postgres', () => {
  const rules = listingRules(IMAGE)

  for (const [rule, cases] of Object.entries(rules)) {
    describe(rule, () => {
      it.each(cases.map(([overrides, constraint]) => [ruleLabel(overrides), overrides, constraint] as const))(
        '%s',
        async (_name, overrides, constraint) => {
          const result = await publish(overrides)
          const named =
            typeof constraint === 'string' ? constraint : constraint && expect.stringMatching(constraint)
          expect(result).toEqual(constraint ? { code: '23514', constraint: named } : {})
        },
      )
    })
  }

  it('requires every field the form requires', async () => {
    for (const column of [
      'name',
      'location',
      'regular_price',
      'image_urls',
      'latitude',
      'longitude',
      'type',
    ]) {
      expect((await publish({ [column]: null })).code, column).toBe('23502')
    }
  })

  it('refuses an edit that breaks a rule as it refuses a new listing', async () => {
    const code = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        const fixture = await createRlsFixture(db)
        await actAs(db, 'owner', fixture)
        await db.query('update public.listings set bedrooms = 51 where id = $1', [fixture.listingId])
        return undefined
      } catch (error) {
        return (error as { code?: string }).code
      } finally {
        await db.query('rollback')
      }
    })
    expect(code).toBe('23514')
  })
})
