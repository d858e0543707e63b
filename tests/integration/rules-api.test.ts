import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * The listing rules of spec §5 and the ownership rules, checked where a hostile client would attack
 * them: straight at /rest/v1 with supabase-js and a real session, no app in between.
 */

type Row = Record<string, unknown>
const IMAGE = `${inject('apiUrl')}/storage/v1/object/public/listing-images/u/l/1.jpg`
const images = (count: number) => Array.from({ length: count }, () => IMAGE)

let landlord: TestUser
let stranger: TestUser
/** A listing of the landlord's that the update cases rewrite. */
let editedId: string

/** Publishes the landlord's listing as a valid one changed by `overrides`. */
async function publish(overrides: Row, id: string = randomUUID()) {
  return landlord.client.from('listings').insert(validListing(id, overrides))
}

/** Rewrites every column of the landlord's listing, so each edit is whole and independent of the last. */
async function edit(overrides: Row) {
  const { id: _id, ...row } = validListing(editedId, overrides)
  return landlord.client.from('listings').update(row).eq('id', editedId).select('id')
}

/** Reads a listing with full rights. */
async function stored(id: string): Promise<Row | null> {
  const { data, error } = await serviceClient().from('listings').select('*').eq('id', id).maybeSingle()
  if (error) throw error
  return data
}

beforeAll(async () => {
  ;[landlord, stranger] = await Promise.all([signedInUser('Lena Landlord'), signedInUser('Sam Stranger')])
  editedId = randomUUID()
  const { error } = await publish({}, editedId)
  if (error) throw error
})

const accepted = (overrides: Row) => [overrides, undefined] as const
const refused = (overrides: Row, constraint: string | RegExp) => [overrides, constraint] as const
const offer = (regular: number, discounted: number | null) => ({
  offer: true,
  regular_price: regular,
  discounted_price: discounted,
})

const RULES = {
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
    refused(offer(750000000, 750000001), /listings_discount(ed_price_range|_below_regular)/),
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

const label = (overrides: Row) =>
  JSON.stringify(overrides, (key, value) => (key === 'image_urls' ? `${value.length} images` : value))

/** What PostgREST must answer: 400 with 23514 naming the constraint, or success. */
function expectVerdict(
  result: { status: number; error: { code: string; message: string } | null },
  constraint: string | RegExp | undefined,
  success: number,
) {
  if (!constraint) {
    expect(result.error).toBeNull()
    expect(result.status).toBe(success)
    return
  }
  expect(result.status).toBe(400)
  expect(result.error?.code).toBe('23514')
  expect(result.error?.message).toMatch(constraint)
}

describe('the database refuses listings that break the form rules, whatever the client sends', () => {
  for (const [rule, cases] of Object.entries(RULES)) {
    describe(rule, () => {
      const table = cases.map(([overrides, constraint]) => [label(overrides), overrides, constraint] as const)
      it.each(table)('new listing %s', async (_name, overrides, constraint) => {
        expectVerdict(await publish(overrides), constraint, 201)
      })
      it.each(table)('edit to %s', async (_name, overrides, constraint) => {
        expectVerdict(await edit(overrides), constraint, 200)
      })
    })
  }

  const required = ['name', 'location', 'regular_price', 'image_urls', 'latitude', 'longitude', 'type']

  it.each(required)('a new listing needs %s (null → 400 23502)', async (column) => {
    const { status, error } = await publish({ [column]: null })
    expect(status).toBe(400)
    expect(error?.code).toBe('23502')
  })

  it.each(required.filter((column) => column !== 'type'))(
    'a new listing without %s is refused (400 23502)',
    async (column) => {
      const { [column]: _left, ...row } = validListing(randomUUID())
      const { status, error } = await landlord.client.from('listings').insert(row)
      expect(status).toBe(400)
      expect(error?.code).toBe('23502')
    },
  )

  it.each(required)('an edit cannot clear %s (null → 400 23502)', async (column) => {
    const before = await stored(editedId)
    const { status, error } = await landlord.client
      .from('listings')
      .update({ [column]: null })
      .eq('id', editedId)
    expect(status).toBe(400)
    expect(error?.code).toBe('23502')
    expect(await stored(editedId)).toEqual(before)
  })
})

describe('the server owns who published a listing and when', () => {
  it('an insert naming another user and an old date is stored with the caller and server time', async () => {
    const id = randomUUID()
    const sentAt = Date.now()
    const { error } = await publish({ user_ref: stranger.id, created_at: '2001-01-01T00:00:00Z' }, id)
    expect(error).toBeNull()
    const row = await stored(id)
    expect(row?.user_ref).toBe(landlord.id)
    const createdAt = Date.parse(String(row?.created_at))
    expect(Math.abs(createdAt - sentAt)).toBeLessThan(60_000)
  })

  it('an edit cannot hand the listing to another user or backdate it', async () => {
    const before = await stored(editedId)
    const { data, error } = await landlord.client
      .from('listings')
      .update({ user_ref: stranger.id, created_at: '2001-01-01T00:00:00Z' })
      .eq('id', editedId)
      .select('user_ref, created_at')
    expect(error).toBeNull()
    expect(data).toEqual([{ user_ref: landlord.id, created_at: before?.created_at }])
  })
})

describe("nobody changes another user's listing", () => {
  it("a user's update of another user's listing changes 0 rows and leaves it as it was", async () => {
    const before = await stored(editedId)
    const { data, error } = await stranger.client
      .from('listings')
      .update({ name: 'Taken over by Sam' })
      .eq('id', editedId)
      .select()
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await stored(editedId)).toEqual(before)
  })

  it("a user's delete of another user's listing deletes 0 rows and leaves it as it was", async () => {
    const before = await stored(editedId)
    const { data, error } = await stranger.client.from('listings').delete().eq('id', editedId).select()
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await stored(editedId)).toEqual(before)
  })

  it('a visitor cannot publish: 401 with 42501', async () => {
    const id = randomUUID()
    const { status, error } = await anonClient()
      .from('listings')
      .insert(validListing(id, { user_ref: landlord.id }))
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
    expect(await stored(id)).toBeNull()
  })
})

describe('profiles are private; landlord_contact is the only way to a landlord', () => {
  it('listing profiles gives a user only their own row', async () => {
    const { data, error } = await stranger.client.from('profiles').select('id, name, email')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: stranger.id, name: stranger.name, email: stranger.email }])
  })

  it("asking for another user's profile by id returns nothing", async () => {
    const { data, error } = await stranger.client.from('profiles').select('*').eq('id', landlord.id)
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it("landlord_contact gives a landlord's name and email", async () => {
    const { data, error } = await stranger.client.rpc('landlord_contact', { landlord_id: landlord.id })
    expect(error).toBeNull()
    expect(data).toEqual([{ name: landlord.name, email: landlord.email }])
  })

  it('landlord_contact returns no row for a user without listings', async () => {
    const { data, error } = await landlord.client.rpc('landlord_contact', { landlord_id: stranger.id })
    expect(error).toBeNull()
    expect(data).toEqual([])
  })
})
