import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * public.market_listings, which every list and search reads, holds the listing rules itself (on the market,
 * not held for review) and reads with its owner's rights, so a place or keyword search keeps the keywords'
 * GIN index whatever the listings' select policy says; and it shows no row that policy hides.
 */

let landlord: TestUser
let other: TestUser
const word = `Viewword${randomUUID().slice(0, 8)}`
const ids = { listed: randomUUID(), held: randomUUID(), gone: randomUUID() }
const pictures = [
  'https://images.example.com/listings/x/y/cover.jpg',
  'https://images.example.com/listings/x/y/kitchen.jpg',
]

beforeAll(async () => {
  ;[landlord, other] = await Promise.all([signedInUser('View Landlord'), signedInUser('View Other')])
  for (const id of Object.values(ids)) {
    const { error } = await landlord.client
      .from('listings')
      .insert(validListing(id, { name: `${word} flat`.slice(0, 32), image_urls: pictures }))
    if (error) throw error
  }
  await withDatabase(async (db) => {
    await db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
      ids.held,
      landlord.id,
    ])
    // Let 15 days ago: the status first (its change is stamped now), then its time moved back, as the owner.
    await db.query(`update public.listings set status = 'let' where id = $1`, [ids.gone])
    await db.query(
      `update public.listings set status_changed_at = now() - interval '15 days' where id = $1`,
      [ids.gone],
    )
  })
})

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', Object.values(ids))
})

const found = async (client: typeof landlord.client, from: 'listings' | 'market_listings') => {
  const { data, error } = await client
    .from(from)
    .select('id')
    .textSearch('keywords', `'${word.toLowerCase()}':*`, { config: 'simple' })
  if (error) throw error
  return (data ?? []).map((row) => row.id).sort()
}

describe('market_listings', () => {
  it('lists only homes on the market and not held, for everyone, the landlord included', async () => {
    for (const client of [anonClient(), other.client, landlord.client])
      expect(await found(client, 'market_listings')).toEqual([ids.listed])
  })

  it('shows no row the listings select policy hides from the reader', async () => {
    for (const client of [anonClient(), other.client]) {
      const policy = new Set(await found(client, 'listings'))
      for (const id of await found(client, 'market_listings')) expect(policy.has(id)).toBe(true)
      expect(policy.has(ids.held)).toBe(false)
    }
    // Its page still opens for its landlord, off the lists.
    expect(await found(landlord.client, 'listings')).toEqual(Object.values(ids).sort())
  })

  it('gives the search map each home’s cover, the first of its pictures, and nothing of the others', async () => {
    const { data, error } = await anonClient()
      .from('market_listings')
      .select('id,cover_url')
      .eq('id', ids.listed)
      .single()
    if (error) throw error
    expect(data).toEqual({ id: ids.listed, cover_url: pictures[0] })
  })

  it('keeps a keyword search on the keywords index for visitors and signed-in people', async () => {
    for (const role of ['anon', 'authenticated']) {
      const plan = await withDatabase(async (db) => {
        await db.query('begin')
        try {
          await db.query(`select set_config('role', $1, true)`, [role])
          await db.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ role, sub: role === 'anon' ? undefined : other.id }),
          ])
          // With sequential and plain index scans priced out, only a bitmap scan of an index that serves the match
          // itself is left: the plan shows whether the keywords index may be used at all.
          await db.query('set local enable_seqscan = off')
          await db.query('set local enable_indexscan = off')
          const { rows } = await db.query<{ 'QUERY PLAN': string }>(
            `explain select id from public.market_listings where keywords @@ $1::tsquery`,
            [`'${word.toLowerCase()}':*`],
          )
          return rows.map((row) => row['QUERY PLAN']).join('\n')
        } finally {
          await db.query('rollback')
        }
      })
      expect(plan).toContain('listings_place_keywords_idx')
    }
  })

  it('walks the type’s own newest index for a page of one type sorted newest', async () => {
    for (const type of ['rent', 'sale']) {
      const plan = await withDatabase(async (db) => {
        await db.query('begin')
        try {
          // Without the index of both types (dropped in this transaction only), a page in the sort's order must
          // come from the type's own index. With it, the planner's choice depends on the mix of types the
          // suite's earlier files left behind: when nearly every listing is to rent the two cost the same.
          await db.query('drop index public.listings_newest_idx')
          await db.query(`set local role anon`)
          // Only an index in the sort's order is left: which one shows whether the page reads the other type too.
          await db.query('set local enable_sort = off')
          await db.query('set local enable_bitmapscan = off')
          const { rows } = await db.query<{ 'QUERY PLAN': string }>(
            `explain select id from public.market_listings where keywords @@ $1::tsquery and type = $2
             order by created_at desc, id desc limit 11`,
            [`'${word.toLowerCase()}':*`, type],
          )
          return rows.map((row) => row['QUERY PLAN']).join('\n')
        } finally {
          await db.query('rollback')
        }
      })
      expect(plan, type).toContain(`listings_${type}_newest_idx`)
    }
  })

  it('reads a search of the rarer property types from their own index, and of a common one not', async () => {
    const plan = (search: object) =>
      withDatabase(async (db) => {
        await db.query('begin')
        try {
          // The count as count_homes runs it: the one definition, the search's values as a parameter. With
          // sequential scans and bitmaps priced out, the plan shows which index may serve the types.
          await db.query('set local enable_seqscan = off')
          await db.query('set local enable_bitmapscan = off')
          const { rows: built } = await db.query<{ where: string; values: unknown }>(
            `select public.home_search_where('$1::jsonb') as where, public.home_search_values($1::jsonb) as values`,
            [JSON.stringify(search)],
          )
          await db.query(`set local role anon`)
          const { rows } = await db.query<{ 'QUERY PLAN': string }>(
            `explain select count(*) from (select from public.market_listings as h where ${built[0]?.where} limit 1001) as capped`,
            [JSON.stringify(built[0]?.values)],
          )
          return rows.map((row) => row['QUERY PLAN']).join('\n')
        } finally {
          await db.query('rollback')
        }
      })
    // The types reach the planner as a constant array, which it matches to the partial index's list.
    expect(await plan({ propertyType: 'studio' })).toContain('listings_rare_type_newest_idx')
    expect(await plan({ propertyType: 'studio,cottage' })).toContain('listings_rare_type_newest_idx')
    expect(await plan({ propertyType: 'flat,studio' })).not.toContain('listings_rare_type_newest_idx')
  })

  it('tests a radius from a price index alone when a page sorted by price walks one', async () => {
    // 5 miles of Goring, for sale up to £600,000, dearest first: where the planner walks a price index, the
    // circle is tested on the index's own entries, not on each home read from the table. (A capped count
    // reads the same entries when it walks a price index; which index it walks depends on the rows the
    // suite's other files have left, so the page, whose order only the price indexes give, is what is checked.)
    const search = { place: 2648301, radius: '5', type: 'sale', maxPrice: 600000 }
    // The table's pages marked all-visible, as on a running site, so that a walk from an index alone is priced
    // as reading no rows.
    await withDatabase((db) => db.query('vacuum public.listings'))
    const plan = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        const { rows: built } = await db.query<{ where: string; values: unknown }>(
          `select public.home_search_where('$1::jsonb') as where, public.home_search_values($1::jsonb) as values`,
          [JSON.stringify(search)],
        )
        // Without the box's index (dropped in this transaction only), sequential scans, bitmaps and sorts
        // priced out: a walk of a price index is left, from the index alone only where it carries every
        // column the search tests, the position among them.
        await db.query('drop index public.listings_area_idx')
        await db.query(`set local role anon`)
        for (const setting of ['seqscan', 'bitmapscan', 'sort']) {
          await db.query(`set local enable_${setting} = off`)
        }
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain select h.id from public.market_listings as h where ${built[0]?.where}
           order by h.effective_price desc, h.id desc limit 11`,
          [JSON.stringify(built[0]?.values)],
        )
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      } finally {
        await db.query('rollback')
      }
    })
    expect(plan).toMatch(/Index Only Scan Backward using listings_(type_)?price_idx/)
  })
})
