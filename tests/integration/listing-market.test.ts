import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * The market moves, in the database: a status per type, the server-owned market columns, the version an
 * edit must match, the price and status histories written by trigger only, and the one on-the-market rule
 * (public.market_listings) that every list read, saved-search matching and landlord contact follow. All
 * through the real API (supabase-js against the stack), the database itself only to look or to move time.
 */

let landlord: TestUser
let stranger: TestUser
const created: string[] = []

beforeAll(async () => {
  ;[landlord, stranger] = await Promise.all([
    signedInUser('Market Landlord'),
    signedInUser('Market Stranger'),
  ])
})

afterAll(async () => {
  if (created.length > 0) await serviceClient().from('listings').delete().in('id', created)
})

type Row = Record<string, unknown>

async function publish(overrides: Row = {}, by: TestUser = landlord): Promise<string> {
  const id = randomUUID()
  const { error } = await by.client.from('listings').insert(validListing(id, overrides))
  if (error) throw error
  created.push(id)
  return id
}

/** The stored row, read with full rights. */
const stored = (id: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query('select * from public.listings where id = $1', [id])
    return rows[0] as Row & {
      status: string
      status_changed_at: Date
      off_market_at: Date | null
      price_reduced_at: Date | null
      price_reduced_by: number | null
      version: number
      created_at: Date
      updated_at: Date
    }
  })

/** Moves a listing's status change into the past, as the table owner (time passing). */
const statusChangedDaysAgo = (id: string, days: number) =>
  withDatabase((db) =>
    db.query(
      `update public.listings set status_changed_at = now() - make_interval(days => $2) where id = $1`,
      [id, days],
    ),
  )

const onMarketIds = async (c: SupabaseClient, ids: string[]) => {
  const { data, error } = await c.from('market_listings').select('id').in('id', ids)
  expect(error).toBeNull()
  return (data ?? []).map((row) => row.id as string).sort()
}

describe('status', () => {
  it.each([
    ['sale', ['available', 'under_offer', 'sold_stc', 'sold'], ['let_agreed', 'let', 'gone', '']],
    ['rent', ['available', 'let_agreed', 'let'], ['under_offer', 'sold_stc', 'sold', 'Available']],
  ])('a %s listing takes exactly its own statuses, on insert and on update', async (type, good, bad) => {
    const owner = await signedInUser(`Status ${type} Landlord`)
    const id = await publish({ type }, owner)
    for (const status of good) {
      const { error } = await owner.client.from('listings').update({ status }).eq('id', id)
      expect(error).toBeNull()
      expect((await stored(id)).status).toBe(status)
      const fresh = randomUUID()
      const insert = await owner.client.from('listings').insert(validListing(fresh, { type, status }))
      expect(insert.error).toBeNull()
      created.push(fresh)
    }
    for (const status of bad) {
      const update = await owner.client.from('listings').update({ status }).eq('id', id)
      expect(update.error?.code).toBe('23514')
      expect(update.error?.message).toMatch('listings_status_valid')
      const insert = await owner.client.from('listings').insert(validListing(randomUUID(), { type, status }))
      expect(insert.error?.code).toBe('23514')
    }
  })

  it('starts available, and a change of type that the status does not fit is refused', async () => {
    const id = await publish({ type: 'sale' })
    expect((await stored(id)).status).toBe('available')
    expect(
      (await landlord.client.from('listings').update({ status: 'sold_stc' }).eq('id', id)).error,
    ).toBeNull()
    // A rent brings its deposit (publishing needs it), so only the status is wrong here.
    const retype = await landlord.client.from('listings').update({ type: 'rent', deposit: 1000 }).eq('id', id)
    expect(retype.error?.message).toMatch('listings_status_valid')
    // Together with a status of the new type it is fine.
    const both = await landlord.client
      .from('listings')
      .update({ type: 'rent', status: 'let_agreed', deposit: 1000 })
      .eq('id', id)
    expect(both.error).toBeNull()
  })
})

describe('server-owned columns', () => {
  it('an API caller cannot set them on insert', async () => {
    const id = randomUUID()
    const { error } = await landlord.client.from('listings').insert(
      validListing(id, {
        status: 'let',
        status_changed_at: '2020-01-01T00:00:00Z',
        off_market_at: null,
        price_reduced_at: '2020-01-01T00:00:00Z',
        price_reduced_by: 500,
        version: 41,
      }),
    )
    expect(error).toBeNull()
    created.push(id)
    const row = await stored(id)
    expect(row.status).toBe('let')
    expect(row.status_changed_at.getTime()).toBe(row.created_at.getTime())
    expect(row.off_market_at?.getTime()).toBe(row.created_at.getTime() + 14 * 86_400_000)
    expect(row.price_reduced_at).toBeNull()
    expect(row.price_reduced_by).toBeNull()
    expect(row.version).toBe(1)
  })

  it('an API caller cannot set them on update', async () => {
    const id = await publish({ type: 'sale' })
    const before = await stored(id)
    const { error } = await landlord.client
      .from('listings')
      .update({
        name: 'Renamed flat by the river',
        status_changed_at: '2020-01-01T00:00:00Z',
        off_market_at: '2020-01-15T00:00:00Z',
        price_reduced_at: '2020-01-01T00:00:00Z',
        price_reduced_by: 500,
      })
      .eq('id', id)
    expect(error).toBeNull()
    const after = await stored(id)
    expect(after.status_changed_at.getTime()).toBe(before.status_changed_at.getTime())
    expect(after.off_market_at).toBeNull()
    expect(after.price_reduced_at).toBeNull()
    expect(after.price_reduced_by).toBeNull()
    expect(after.version).toBe(2)
  })

  it('status_changed_at and off_market_at follow a change of status: 14 days for sold, 60 for sold STC', async () => {
    const id = await publish({ type: 'sale' })
    await statusChangedDaysAgo(id, 3)
    await landlord.client.from('listings').update({ status: 'sold_stc' }).eq('id', id)
    const stc = await stored(id)
    expect(Date.now() - stc.status_changed_at.getTime()).toBeLessThan(60_000)
    expect(stc.off_market_at?.getTime()).toBe(stc.status_changed_at.getTime() + 60 * 86_400_000)
    await landlord.client.from('listings').update({ status: 'sold' }).eq('id', id)
    const sold = await stored(id)
    expect(sold.off_market_at?.getTime()).toBe(sold.status_changed_at.getTime() + 14 * 86_400_000)
    await landlord.client.from('listings').update({ status: 'under_offer' }).eq('id', id)
    expect((await stored(id)).off_market_at).toBeNull()
    // An edit that leaves the status alone leaves its time alone.
    const before = await stored(id)
    await landlord.client.from('listings').update({ bedrooms: 3 }).eq('id', id)
    expect((await stored(id)).status_changed_at.getTime()).toBe(before.status_changed_at.getTime())
  })

  it('a fall in the price a person pays is recorded with its amount; a rise clears it', async () => {
    const id = await publish({ regular_price: 2225 })
    await landlord.client.from('listings').update({ regular_price: 2000 }).eq('id', id)
    let row = await stored(id)
    expect(row.price_reduced_by).toBe(225)
    expect(Date.now() - (row.price_reduced_at?.getTime() ?? 0)).toBeLessThan(60_000)
    // An offer is a fall of the price paid too.
    await landlord.client.from('listings').update({ offer: true, discounted_price: 1950 }).eq('id', id)
    row = await stored(id)
    expect(row.price_reduced_by).toBe(50)
    // Other edits keep the reduction.
    await landlord.client.from('listings').update({ name: 'Still reduced flat here' }).eq('id', id)
    expect((await stored(id)).price_reduced_by).toBe(50)
    await landlord.client.from('listings').update({ offer: false, discounted_price: null }).eq('id', id)
    row = await stored(id)
    expect(row.price_reduced_at).toBeNull()
    expect(row.price_reduced_by).toBeNull()
  })
})

describe('reduced means reduced: below the lowest price shown in the previous 30 days', () => {
  const setPrice = async (id: string, price: number) => {
    const { error } = await landlord.client.from('listings').update({ regular_price: price }).eq('id', id)
    expect(error).toBeNull()
  }
  const reduction = async (id: string) => {
    const row = await stored(id)
    return row.price_reduced_at === null ? null : row.price_reduced_by
  }
  /** Moves every price the listing had so far `days` into the past (time passing). */
  const historyDaysAgo = (id: string, days: number) =>
    withDatabase((db) =>
      db.query(
        `update public.listing_price_history set changed_at = changed_at - make_interval(days => $2)
         where listing_id = $1`,
        [id, days],
      ),
    )

  it('a rise to £2,500,000 and back to £250,000 is not a reduction, and the history keeps both changes', async () => {
    const id = await publish({ type: 'sale', regular_price: 250_000 })
    await setPrice(id, 2_500_000)
    await setPrice(id, 250_000)
    expect(await reduction(id)).toBeNull()
    const history = await anonClient()
      .from('listing_price_history')
      .select('price, previous_price')
      .eq('listing_id', id)
      .order('changed_at')
      .order('id')
    expect(history.data).toEqual([
      { price: 250_000, previous_price: null },
      { price: 2_500_000, previous_price: 250_000 },
      { price: 250_000, previous_price: 2_500_000 },
    ])
    // A real cut below the lowest of the 30 days is reduced, by the distance from that lowest price.
    await setPrice(id, 240_000)
    expect(await reduction(id)).toBe(10_000)
  })

  it('a price that stood only briefly still counts as shown', async () => {
    const id = await publish({ type: 'sale', regular_price: 300_000 })
    await setPrice(id, 200_000)
    expect(await reduction(id)).toBe(100_000)
    await setPrice(id, 300_000)
    await setPrice(id, 250_000)
    expect(await reduction(id)).toBeNull()
    await setPrice(id, 190_000)
    expect(await reduction(id)).toBe(10_000)
  })

  it('counts the price standing 30 days ago, and not the ones it replaced before', async () => {
    const id = await publish({ type: 'sale', regular_price: 200_000 })
    await setPrice(id, 300_000)
    await historyDaysAgo(id, 40)
    // £200,000 was last shown 40 days ago; £300,000 has stood since.
    await setPrice(id, 250_000)
    expect(await reduction(id)).toBe(50_000)
  })

  it('the reduced sort leaves out a listing raised and lowered back', async () => {
    const id = await publish({ type: 'sale', regular_price: 250_000 })
    await setPrice(id, 2_500_000)
    await setPrice(id, 250_000)
    const { data } = await anonClient()
      .from('market_listings')
      .select('id')
      .eq('id', id)
      .not('price_reduced_at', 'is', null)
    expect(data).toEqual([])
  })
})

describe('version', () => {
  it('every update bumps it; an update from a stale version is refused and changes nothing', async () => {
    const id = await publish()
    expect((await stored(id)).version).toBe(1)
    const first = await landlord.client
      .from('listings')
      .update({ name: 'First edit of this flat', version: 1 })
      .eq('id', id)
      .select('version')
    expect(first.error).toBeNull()
    expect(first.data).toEqual([{ version: 2 }])
    // A second phone that also started from version 1.
    const stale = await landlord.client
      .from('listings')
      .update({ name: 'Second phone edit here', version: 1 })
      .eq('id', id)
    expect(stale.status).toBe(400)
    expect(stale.error?.code).toBe('P0001')
    expect(stale.error?.message).toBe('listing_version_conflict')
    const row = await stored(id)
    expect(row.name).toBe('First edit of this flat')
    expect(row.version).toBe(2)
    // A version from the future is as wrong as one from the past.
    const ahead = await landlord.client
      .from('listings')
      .update({ name: 'Edit from nowhere', version: 9 })
      .eq('id', id)
    expect(ahead.error?.message).toBe('listing_version_conflict')
    // An update without a version is not checked, and still bumps it.
    expect((await landlord.client.from('listings').update({ bedrooms: 4 }).eq('id', id)).error).toBeNull()
    expect((await stored(id)).version).toBe(3)
    const current = await landlord.client
      .from('listings')
      .update({ status: 'let', version: 3 })
      .eq('id', id)
      .select('version')
    expect(current.data).toEqual([{ version: 4 }])
  })

  it('binds the service role and the table owner too', async () => {
    const id = await publish()
    const service = await serviceClient().from('listings').update({ bedrooms: 3, version: 7 }).eq('id', id)
    expect(service.error?.message).toBe('listing_version_conflict')
    await expect(
      withDatabase((db) => db.query('update public.listings set version = 5 where id = $1', [id])),
    ).rejects.toThrow('listing_version_conflict')
  })
})

describe('price and status history', () => {
  it('is written by the trigger: listed, then every change of the price paid or the status', async () => {
    const id = await publish({ type: 'rent', regular_price: 2225 })
    await landlord.client.from('listings').update({ regular_price: 2000 }).eq('id', id)
    await landlord.client.from('listings').update({ name: 'Only the name changes' }).eq('id', id)
    await landlord.client.from('listings').update({ regular_price: 2100, status: 'let_agreed' }).eq('id', id)
    // Anyone who can see the listing reads its history.
    const prices = await anonClient()
      .from('listing_price_history')
      .select('price, previous_price')
      .eq('listing_id', id)
      .order('changed_at')
      .order('id')
    expect(prices.data).toEqual([
      { price: 2225, previous_price: null },
      { price: 2000, previous_price: 2225 },
      { price: 2100, previous_price: 2000 },
    ])
    const statuses = await stranger.client
      .from('listing_status_history')
      .select('status, previous_status')
      .eq('listing_id', id)
      .order('changed_at')
      .order('id')
    expect(statuses.data).toEqual([
      { status: 'available', previous_status: null },
      { status: 'let_agreed', previous_status: 'available' },
    ])
  })

  it.each(['listing_price_history', 'listing_status_history'])(
    'no role may insert, update or delete %s through the API',
    async (table) => {
      const id = await publish()
      const clients: [string, SupabaseClient][] = [
        ['anon', anonClient()],
        ['authenticated (the landlord)', landlord.client],
        ['service_role', serviceClient()],
      ]
      const row: Row =
        table === 'listing_price_history'
          ? { listing_id: id, price: 1, previous_price: 1200, changed_at: '2020-01-01T00:00:00Z' }
          : {
              listing_id: id,
              status: 'let',
              previous_status: 'available',
              changed_at: '2020-01-01T00:00:00Z',
            }
      const change = table === 'listing_price_history' ? { price: 1 } : { status: 'let' }
      for (const [role, c] of clients) {
        const insert = await c.from(table).insert(row)
        expect([role, insert.error?.code]).toEqual([role, '42501'])
        const update = await c.from(table).update(change).eq('listing_id', id)
        expect([role, update.error?.code]).toEqual([role, '42501'])
        const remove = await c.from(table).delete().eq('listing_id', id)
        expect([role, remove.error?.code]).toEqual([role, '42501'])
      }
      const { rows } = await withDatabase((db) =>
        db.query(`select count(*)::int as n from public.${table} where listing_id = $1`, [id]),
      )
      expect(rows[0].n).toBe(1)
    },
  )

  it('goes with its listing', async () => {
    const id = await publish()
    await landlord.client.from('listings').update({ regular_price: 1100 }).eq('id', id)
    expect((await landlord.client.from('listings').delete().eq('id', id)).error).toBeNull()
    const { rows } = await withDatabase((db) =>
      db.query(
        `select (select count(*) from public.listing_price_history where listing_id = $1)::int
              + (select count(*) from public.listing_status_history where listing_id = $1)::int as n`,
        [id],
      ),
    )
    expect(rows[0].n).toBe(0)
  })

  it('of a listing held for review is hidden with it, but its landlord still reads it', async () => {
    const id = await publish()
    await withDatabase((db) =>
      db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
        id,
        landlord.id,
      ]),
    )
    const hidden = await stranger.client.from('listing_price_history').select('price').eq('listing_id', id)
    expect(hidden.data).toEqual([])
    const own = await landlord.client.from('listing_price_history').select('price').eq('listing_id', id)
    expect(own.data).toEqual([{ price: 1200 }])
  })
})

describe('the on-the-market rule (market_listings)', () => {
  /** One listing per case, then time moved so each has been in its status that long. */
  const cases = [
    { type: 'sale', status: 'available', days: 400, on: true },
    { type: 'sale', status: 'under_offer', days: 400, on: true },
    { type: 'sale', status: 'sold_stc', days: 59, on: true },
    { type: 'sale', status: 'sold_stc', days: 61, on: false },
    { type: 'sale', status: 'sold', days: 13, on: true },
    { type: 'sale', status: 'sold', days: 15, on: false },
    { type: 'rent', status: 'let_agreed', days: 59, on: true },
    { type: 'rent', status: 'let_agreed', days: 61, on: false },
    { type: 'rent', status: 'let', days: 13, on: true },
    { type: 'rent', status: 'let', days: 15, on: false },
  ] as const
  let ids: string[]
  let market: TestUser

  beforeAll(async () => {
    market = await signedInUser('Market Mover')
    ids = []
    for (const c of cases) {
      const id = await publish({ type: c.type, status: c.status, location: 'Market Lane, Truro' }, market)
      await statusChangedDaysAgo(id, c.days)
      ids.push(id)
    }
  })

  const expectedOn = () => ids.filter((_, i) => cases[i]?.on).sort()

  it('hides a listing 14 days after Sold or Let and 60 after Sold STC or Let agreed, for every role', async () => {
    for (const c of [anonClient(), stranger.client, market.client, serviceClient()])
      expect(await onMarketIds(c, ids)).toEqual(expectedOn())
  })

  it("leaves an off-market listing's own page to open, from public.listings", async () => {
    const { data } = await anonClient().from('listings').select('id, status, off_market_at').in('id', ids)
    expect(data).toHaveLength(cases.length)
  })

  it('holds for every list read the app makes: newest, by type, offers, count, map area and text', async () => {
    const anon = anonClient()
    const newest = await anon
      .from('market_listings')
      .select('id')
      .in('id', ids)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(50)
    expect((newest.data ?? []).map((r) => r.id).sort()).toEqual(expectedOn())
    const sales = await anon.from('market_listings').select('id').in('id', ids).eq('type', 'sale')
    expect((sales.data ?? []).map((r) => r.id).sort()).toEqual(
      ids.filter((_, i) => cases[i]?.on && cases[i]?.type === 'sale').sort(),
    )
    const count = await anon
      .from('market_listings')
      .select('id', { count: 'exact', head: true })
      .in('id', ids)
    expect(count.count).toBe(expectedOn().length)
    const area = await anon
      .from('market_listings')
      .select('id')
      .in('id', ids)
      .gte('latitude', 52)
      .lte('latitude', 52.4)
      .gte('longitude', 0)
      .lte('longitude', 0.3)
    expect((area.data ?? []).map((r) => r.id).sort()).toEqual(expectedOn())
    const words = await anon
      .from('market_listings')
      .select('id')
      .in('id', ids)
      .textSearch('keywords', "'truro':*", { config: 'simple' })
    expect((words.data ?? []).map((r) => r.id).sort()).toEqual(expectedOn())
    const reduced = await anon
      .from('market_listings')
      .select('id')
      .in('id', ids)
      .order('price_reduced_at', { ascending: false, nullsFirst: false })
      .order('id', { ascending: false })
    expect((reduced.data ?? []).map((r) => r.id).sort()).toEqual(expectedOn())
  })

  it('leaves out a listing held for review, for everyone: its landlord still opens it, off the lists', async () => {
    const id = await publish({}, market)
    await withDatabase((db) =>
      db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
        id,
        market.id,
      ]),
    )
    expect(await onMarketIds(anonClient(), [id])).toEqual([])
    expect(await onMarketIds(market.client, [id])).toEqual([])
    const own = await market.client.from('listings').select('id').eq('id', id)
    expect(own.data).toEqual([{ id }])
  })

  it('landlord contact answers for a landlord with a listing on the market, and not after all have left', async () => {
    const gone = await signedInUser('Gone Landlord')
    const id = await publish({ status: 'let' }, gone)
    const visitor = anonClient()
    const before = await visitor.rpc('landlord_contact', { landlord_id: gone.id })
    expect(before.data).toEqual([{ name: 'Gone Landlord', email: gone.email }])
    await statusChangedDaysAgo(id, 15)
    const after = await visitor.rpc('landlord_contact', { landlord_id: gone.id })
    expect(after.error).toBeNull()
    expect(after.data).toEqual([])
  })

  it('saved searches: no match for a listing published off the market, and N new counts only those on it', async () => {
    const seeker = await signedInUser('Market Seeker')
    const search = await seeker.client
      .from('saved_searches')
      .insert({ name: 'Penzance homes', params: { keywords: 'Penzance' }, alerts: 'instant' })
      .select('id')
      .single()
    expect(search.error).toBeNull()
    const searchId = search.data?.id as string
    // Published now: one stays on the market, one is let and then 15 days pass.
    const stays = await publish({ location: 'Quay Street, Penzance' }, market)
    const leaves = await publish({ location: 'Quay Street, Penzance', status: 'let' }, market)
    let counts = await seeker.client.rpc('saved_search_new_counts')
    expect(counts.data).toEqual([{ saved_search_id: searchId, new_count: 2, capped: false }])
    await statusChangedDaysAgo(leaves, 15)
    counts = await seeker.client.rpc('saved_search_new_counts')
    expect(counts.data).toEqual([{ saved_search_id: searchId, new_count: 1, capped: false }])
    // Seeded already let, 20 days ago: nothing recorded, nothing queued.
    const old = randomUUID()
    const seeded = await serviceClient()
      .from('listings')
      .insert({
        ...validListing(old, { location: 'Quay Street, Penzance', status: 'let' }),
        user_ref: market.id,
        created_at: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      })
    expect(seeded.error).toBeNull()
    created.push(old)
    const queued = await withDatabase((db) =>
      db.query(
        `select listing_id from public.saved_search_matches where saved_search_id = $1
         union all select listing_id from public.alert_deliveries where saved_search_id = $1`,
        [searchId],
      ),
    )
    expect(queued.rows.map((row) => row.listing_id).sort()).toEqual([stays, stays, leaves, leaves].sort())
  })
})

describe('searches: underOffer and the reduced sort', () => {
  const matches = (status: string, type: string, params: Row) =>
    withDatabase(async (db) => {
      const { rows } = await db.query(
        // The one definition of a search's filters (home_search_where), on the listing, with the search's values.
        `select ${(await db.query("select public.home_search_where('public.home_search_values($2::jsonb)') as sql")).rows[0].sql} as ok
         from jsonb_populate_record(null::public.listings, $1::jsonb) as h`,
        [
          JSON.stringify({ ...validListing(randomUUID(), { type, status }), user_ref: randomUUID() }),
          JSON.stringify(params),
        ],
      )
      return rows[0].ok as boolean
    })

  it.each([
    ['available', 'sale', true],
    ['under_offer', 'sale', false],
    ['sold_stc', 'sale', false],
    ['sold', 'sale', false],
    ['available', 'rent', true],
    ['let_agreed', 'rent', false],
    ['let', 'rent', false],
  ])(
    'underOffer=false keeps %s (%s): %s; by default everything on the market matches',
    async (status, type, kept) => {
      expect(await matches(status, type, { underOffer: false })).toBe(kept)
      expect(await matches(status, type, {})).toBe(true)
    },
  )

  it('saved searches take underOffer only as false, and the reduced sort', async () => {
    const seeker = await signedInUser('Sort Seeker')
    const save = (params: Row) =>
      seeker.client.from('saved_searches').insert({ name: 'A search', params }).select('id')
    expect((await save({ underOffer: false, sort: 'reduced' })).error).toBeNull()
    for (const bad of [
      { underOffer: true },
      { underOffer: 'false' },
      { sort: 'reduced-desc' },
      { sort: 'Reduced' },
    ])
      expect((await save(bad)).error?.code).toBe('22023')
  })
})
