import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'
import { actAs, createRlsFixture } from './support/rls-sql'

type Row = Record<string, unknown>
const IMAGE = 'http://127.0.0.1:54321/storage/v1/object/public/listing-images/u/l/1.jpg'
const images = (count: number) => Array.from({ length: count }, () => IMAGE)

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

const accepted = (overrides: Row) => [overrides, undefined] as const
const refused = (overrides: Row, constraint: string | RegExp) => [overrides, constraint] as const
const offer = (regular: number, discounted: number | null) => ({
  offer: true,
  regular_price: regular,
  discounted_price: discounted,
})

describe('the listing rules of the create and edit forms, enforced by Postgres', () => {
  const rules = {
    'name is 10 to 32 characters': [
      refused({ name: 'x'.repeat(9) }, 'listings_name_length'),
      accepted({ name: 'x'.repeat(10) }),
      accepted({ name: 'x'.repeat(32) }),
      refused({ name: 'x'.repeat(33) }, 'listings_name_length'),
    ],
    'bedrooms are 1 to 50': [
      refused({ bedrooms: 0 }, 'listings_bedrooms_range'),
      accepted({ bedrooms: 1 }),
      accepted({ bedrooms: 50 }),
      refused({ bedrooms: 51 }, 'listings_bedrooms_range'),
    ],
    'bathrooms are 1 to 50': [
      refused({ bathrooms: 0 }, 'listings_bathrooms_range'),
      accepted({ bathrooms: 1 }),
      accepted({ bathrooms: 50 }),
      refused({ bathrooms: 51 }, 'listings_bathrooms_range'),
    ],
    'the regular price is 50 to 750000000': [
      refused({ regular_price: 49 }, 'listings_regular_price_range'),
      accepted({ regular_price: 50 }),
      accepted({ regular_price: 750000000 }),
      refused({ regular_price: 750000001 }, 'listings_regular_price_range'),
    ],
    'an offer has a discounted price of 50 to 750000000': [
      refused(offer(1200, 49), 'listings_discounted_price_range'),
      accepted(offer(1200, 50)),
      accepted(offer(750000000, 749999999)),
      // Above the range is also above any regular price: either rule may report it.
      refused(offer(750000000, 750000001), /^listings_discount(ed_price_range|_below_regular)$/),
      refused(offer(1200, null), 'listings_offer_needs_discount'),
    ],
    'the discounted price is less than the regular price': [
      accepted(offer(1200, 1199)),
      refused(offer(1200, 1200), 'listings_discount_below_regular'),
      refused(offer(1200, 1300), 'listings_discount_below_regular'),
    ],
    'there is no discounted price without an offer': [
      refused(
        { offer: false, regular_price: 1200, discounted_price: 1000 },
        'listings_discount_only_with_offer',
      ),
      accepted({ offer: false, discounted_price: null }),
    ],
    'a listing has 1 to 6 images': [
      refused({ image_urls: [] }, 'listings_image_count'),
      accepted({ image_urls: images(1) }),
      accepted({ image_urls: images(6) }),
      refused({ image_urls: images(7) }, 'listings_image_count'),
      refused({ image_urls: [IMAGE, null] }, 'listings_image_count'),
    ],
    'the type is rent or sale': [
      accepted({ type: 'rent' }),
      accepted({ type: 'sale' }),
      refused({ type: 'lease' }, 'listings_type_valid'),
    ],
    'the address is required': [
      refused({ location: '' }, 'listings_location_present'),
      refused({ location: '   ' }, 'listings_location_present'),
    ],
    'coordinates are on the globe': [
      accepted({ latitude: -90, longitude: 180 }),
      refused({ latitude: 90.5 }, 'listings_latitude_range'),
      refused({ latitude: -90.5 }, 'listings_latitude_range'),
      refused({ longitude: 180.5 }, 'listings_longitude_range'),
      refused({ longitude: -180.5 }, 'listings_longitude_range'),
    ],
  }

  for (const [rule, cases] of Object.entries(rules)) {
    describe(rule, () => {
      const label = (overrides: Row) =>
        JSON.stringify(overrides, (key, value) => (key === 'image_urls' ? `${value.length} images` : value))
      it.each(cases.map(([overrides, constraint]) => [label(overrides), overrides, constraint] as const))(
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
