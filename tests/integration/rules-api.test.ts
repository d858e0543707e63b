import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser } from './support/clients'
import { listingRules, type Row, ruleLabel } from './support/listing-rules'
import { validListing } from './support/rls-cases'

/**
 * The listing rules of spec §5 and the ownership rules, checked where a hostile client would attack
 * them: straight at /rest/v1 with supabase-js and a real session, no app in between.
 */

// Any plain https address passes; Storage addresses must be in the owner's folder (security-schema).
const IMAGE = 'https://images.example.com/listings/u/l/1.jpg'

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

const RULES = listingRules(IMAGE)

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
      const table = cases.map(
        ([overrides, constraint]) => [ruleLabel(overrides), overrides, constraint] as const,
      )
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

  it('landlord_contact refuses a GET: each read is counted (landlord-contact-limits), which a read-only GET cannot do', async () => {
    const { data, error, status } = await anonClient().rpc(
      'landlord_contact',
      { landlord_id: landlord.id },
      { get: true },
    )
    expect(data).toBeNull()
    expect(error?.code).toBe('25006')
    expect(status).toBe(405)
  })

  it('landlord_contact returns no row for a user without listings', async () => {
    const { data, error } = await landlord.client.rpc('landlord_contact', { landlord_id: stranger.id })
    expect(error).toBeNull()
    expect(data).toEqual([])
  })
})
