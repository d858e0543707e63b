import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { insertListingsQuietly } from './support/insert-listings'
import { runWithNestedStatements } from './support/nested-statements'

/**
 * A search with words that matches many homes is counted from an eighth of the listings first (ids starting
 * 0 or 1, of homes with no leaving date, with a trigram index of their own): 1,001 there is 1,001 in all;
 * fewer, and the rest of the listings add what is missing. Either way the number is what counting every home gives (checked below 1,001 by
 * search-at-scale.test.ts, for every role).
 */

/** A word no seed listing or other test has. */
const WORD = 'octantique'
/**
 * 1,800 homes to rent with ids of the eighth (700 of them let agreed, so with a leaving date) and 10,900
 * outside it: enough for the planner to expect many. 400 of the eighth's available homes and every home
 * outside it have three bedrooms, so a search for three leaves the eighth short of 1,001.
 */
const IN_EIGHTH = 1800
const LET_AGREED_IN_EIGHTH = 700
const THREE_BEDS_IN_EIGHTH = 400
const OUTSIDE = 10_900
const threeBeds = (i: number) =>
  (i >= LET_AGREED_IN_EIGHTH && i < LET_AGREED_IN_EIGHTH + THREE_BEDS_IN_EIGHTH) || i >= IN_EIGHTH
const idIn = (eighth: boolean) => `${eighth ? '1' : 'e'}${randomUUID().slice(1)}`

let ids: string[] = []
let landlord: TestUser

/** A count as anon in a connection of its own, with the statements count_listings ran. */
async function countWithStatements(
  args: Record<string, unknown>,
): Promise<{ count: number; statements: string[]; plans: string[] }> {
  const names = Object.keys(args)
  const { rows, statements } = await runWithNestedStatements<{ count: number }>(
    `select public.count_listings(${names.map((name, i) => `${name} => $${i + 1}`).join(', ')}) as count`,
    Object.values(args),
  )
  // The counts themselves: not the planner's estimate, nor the call.
  const counts = statements.filter((statement) => statement.text.startsWith('select count(*)'))
  return {
    count: rows[0]?.count ?? Number.NaN,
    statements: counts.map((statement) => statement.text),
    plans: counts.map((statement) => statement.report),
  }
}

/** The eighth as count_listings writes it: ids starting 0 or 1, of homes with no leaving date. */
const EIGHTH = "id < '20000000-0000-0000-0000-000000000000'::uuid and off_market_at is null"

/**
 * Which part of the listings a count statement read: a place's words, the common words' marks, the eighth, the
 * rest, or all.
 */
const partOf = (statement: string) =>
  statement.includes('listing_place_words')
    ? 'place'
    : statement.includes('listing_word_marks')
      ? 'marks'
      : statement.includes('off_market_at > now()')
        ? 'leavers'
        : statement.includes(`not (${EIGHTH})`)
          ? 'rest'
          : statement.includes(EIGHTH)
            ? 'eighth'
            : 'all'

const count = async (args: Record<string, unknown>) => {
  const { data, error } = await anonClient().rpc('count_listings', args, { get: true })
  if (error) throw error
  return data as number
}

/**
 * With exactly 1,001 homes of `pricier` at £1,100 a month (outside the eighth and available; the others are
 * £1,000), `search` from £1,100 is counted from `part` alone. A held home is left out there, which then falls
 * short, and out of the count; a let agreed home (on the market until its leaving date) is still counted, but
 * not from `part`.
 */
async function expectHeldAndLeavingLeftOut(
  words: Record<string, unknown>,
  part: 'place' | 'marks',
  pricier: string[],
) {
  const setPrice = (price: number) =>
    withDatabase((db) =>
      db.query('update public.listings set regular_price = $1 where id = any($2::uuid[])', [price, pricier]),
    )
  await setPrice(1100)
  try {
    const search = { ...words, min_price: 1100 }
    expect((await countWithStatements(search)).statements.map(partOf)).toEqual([part])
    expect(await count(search)).toBe(1001)

    await withDatabase((db) =>
      db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
        pricier[0],
        landlord.id,
      ]),
    )
    try {
      const held = await countWithStatements(search)
      expect(held.count).toBe(1000)
      expect(held.statements.map(partOf)[0]).toBe(part)
      expect(held.statements.length).toBeGreaterThan(1)
      expect(await count(search)).toBe(1000)
    } finally {
      await withDatabase((db) =>
        db.query('delete from public.listing_review_holds where listing_id = $1', [pricier[0]]),
      )
    }

    await withDatabase((db) =>
      db.query(`update public.listings set status = 'let_agreed' where id = $1`, [pricier[1]]),
    )
    const leaving = await countWithStatements(search)
    expect(leaving.count).toBe(1001)
    expect(leaving.statements.map(partOf)[0]).toBe(part)
    expect(leaving.statements.length).toBeGreaterThan(1)
    await withDatabase((db) =>
      db.query(`update public.listings set status = 'available' where id = $1`, [pricier[1]]),
    )
  } finally {
    await setPrice(1000)
  }
}

beforeAll(async () => {
  landlord = await signedInUser('Eighth Landlord')
  const rows = Array.from({ length: IN_EIGHTH + OUTSIDE }, (_, i) => ({
    id: idIn(i < IN_EIGHTH),
    type: 'rent',
    name: `${WORD} home ${i}`,
    location: 'Octant Row, Nowhere',
    offer: false,
    bedrooms: threeBeds(i) ? 3 : 1,
    regular_price: 1000,
    image_urls: ['https://example.com/a.jpg'],
    latitude: 20,
    longitude: -30,
    user_ref: landlord.id,
  }))
  await insertListingsQuietly(rows)
  ids = rows.map((row) => row.id)
  await withDatabase(async (db) => {
    await db.query(`update public.listings set status = 'let_agreed' where id = any($1::uuid[])`, [
      ids.slice(0, LET_AGREED_IN_EIGHTH),
    ])
    // As a running site's statistics would have it: the planner knows the word is common, and how many homes
    // each dictionary word has. (That few homes are held for review it knows from the migrations.)
    await db.query('analyze public.listings, public.listing_word_marks')
  })
}, 120_000)

afterAll(async () => {
  await withDatabase(async (db) => {
    await db.query('delete from public.listings where id = any($1::uuid[])', [ids])
    await db.query('analyze public.listings')
  })
})

describe('a common word’s count', () => {
  it('is 1,001 from the eighth alone when it holds 1,001 matches', async () => {
    expect(await count({ words: WORD })).toBe(1001)
    const { count: counted, statements } = await countWithStatements({ words: WORD })
    expect(counted).toBe(1001)
    expect(statements.map(partOf)).toEqual(['eighth'])
    // The eighth's trigram index holds only homes with no leaving date, so none it finds is read from the
    // table only to be left out as gone (the 700 let agreed here, and at a million a third of the rows read).
    const index = await withDatabase((db) =>
      db.query<{ def: string }>(
        "select pg_get_indexdef('public.listings_search_text_eighth_idx'::regclass) as def",
      ),
    )
    expect(index.rows[0]?.def).toMatch(
      /WHERE \(\(id < '20000000-[0-9-]+'::uuid\) AND \(off_market_at IS NULL\)\)$/,
    )
  })

  it('takes what the eighth lacks of 1,001 from the rest: 400 with three bedrooms there, 601 more outside', async () => {
    expect(await count({ words: WORD, min_beds: 3 })).toBe(1001)
    const { count: counted, statements } = await countWithStatements({ words: WORD, min_beds: 3 })
    expect(counted).toBe(1001)
    expect(statements.map(partOf)).toEqual(['eighth', 'rest'])
    expect(statements[1]).toContain('limit 601')
  })

  it('with a price, reads the eighth through its price index as well, from half as many expected', async () => {
    // The eighth's price index has a predicate of its own (`id <= 1fffffff-…`), so the statement names both.
    const priced = { words: WORD, max_price: 1500 }
    expect(await count(priced)).toBe(1001)
    const { count: counted, statements } = await countWithStatements(priced)
    expect(counted).toBe(1001)
    expect(statements.map(partOf)).toEqual(['eighth'])
    expect(statements[0]).toContain("id <= '1fffffff-ffff-ffff-ffff-ffffffffffff'")
    expect(statements[0]).not.toContain('offset 0')

    const threeBedrooms = { ...priced, min_beds: 3 }
    expect(await count(threeBedrooms)).toBe(1001)
    const rest = await countWithStatements(threeBedrooms)
    expect(rest.statements.map(partOf)).toEqual(['eighth', 'rest'])
    expect(rest.statements[1]).toContain('limit 601')
  })

  it('with type, parking and furnished, reads an index led by them (only homes that have both)', async () => {
    const some = ids.slice(IN_EIGHTH, IN_EIGHTH + 40)
    await withDatabase(async (db) => {
      await db.query(
        'update public.listings set parking = true, furnished = true where id = any($1::uuid[])',
        [some],
      )
      await db.query('update public.listings set parking = true where id = any($1::uuid[])', [
        ids.slice(IN_EIGHTH + 40, IN_EIGHTH + 1040),
      ])
    })
    const filters = { type: 'rent', min_price: 900, max_price: 1100, parking: true, furnished: true }
    const { count: counted, plans } = await countWithStatements(filters)
    const { count: exact, error } = await anonClient()
      .from('market_listings')
      .select('id', { count: 'exact', head: true })
      .eq('type', 'rent')
      .gte('effective_price', 900)
      .lte('effective_price', 1100)
      .is('parking', true)
      .is('furnished', true)
    if (error) throw error
    expect(counted).toBe(exact)
    expect(counted).toBeGreaterThanOrEqual(some.length)
    expect(plans[0]).toContain('listings_type_amenities_price_idx')
    // Pages are planned as if the index did not exist: only count_listings states its predicate.
    const pagePlan = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        await db.query('set local role anon')
        await db.query('set local enable_seqscan = off')
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain select id from public.market_listings
             where type = 'rent' and parking is true and furnished is true and effective_price between 900 and 1100
             order by created_at desc, id desc limit 11`,
        )
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      } finally {
        await db.query('rollback')
      }
    })
    expect(pagePlan).not.toContain('listings_type_amenities_price_idx')
    await withDatabase((db) =>
      db.query('update public.listings set parking = false, furnished = false where id = any($1::uuid[])', [
        ids.slice(IN_EIGHTH, IN_EIGHTH + 1040),
      ]),
    )
  })

  it('is planned knowing that rents are the cheap homes (statistics of type and price together)', async () => {
    // 12,700 homes to rent at £1,000 among a few hundred others: taken as independent, type and price would
    // put about 140 of the 146 sales at £1,000 or less; the statistics of their pairs know there are none.
    // (With a type and a price, that estimate decides whether count_listings reads the eighth first.)
    const estimate = await withDatabase(async (db) => {
      const { rows } = await db.query(
        "explain (format json) select from public.listings where type = 'sale' and effective_price <= 1000",
      )
      return Number(rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])
    })
    const { count: sales } = await anonClient()
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .eq('type', 'sale')
      .lte('effective_price', 1000)
    expect(estimate).toBeLessThanOrEqual((sales ?? 0) + 10)
  })

  it('is planned knowing that few homes are held for review, so a capped count stops at its cap', async () => {
    // Never analyzed, the holds would be planned as ten pages of rows, 1,200, and a count would hash every
    // matching home before joining them, instead of stopping at 1,001. Analyzed, the planner scales what it saw
    // to the pages the table has now: none, or one (about 120 rows) while other tests hold a few homes.
    const held = await withDatabase(async (db) => {
      const { rows } = await db.query('explain (format json) select from public.listing_review_holds')
      return Number(rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])
    })
    expect(held).toBeLessThan(1200)
    const { plans } = await countWithStatements({ words: WORD, max_price: 1500 })
    // The join streams the listings, so the count stops at 1,001 rather than hashing every match first.
    expect(plans[0]).toMatch(/(Nested Loop|Hash) Anti Join/)
    expect(plans[0]).not.toContain('Hash Right Anti Join')
  })

  it('counts homes with a leaving date from the rest, exactly below the cap', async () => {
    // Three bedrooms: 100 of the eighth's 400 become let agreed (still on the market, now with a leaving date),
    // and all but 300 of the homes outside go down to one bedroom (the planner, not told, still expects many).
    const letAgreed = ids.slice(LET_AGREED_IN_EIGHTH, LET_AGREED_IN_EIGHTH + 100)
    const oneBed = ids.slice(IN_EIGHTH + 300)
    await withDatabase(async (db) => {
      await db.query(`update public.listings set status = 'let_agreed' where id = any($1::uuid[])`, [
        letAgreed,
      ])
      await db.query('update public.listings set bedrooms = 1 where id = any($1::uuid[])', [oneBed])
    })
    try {
      // 300 in the eighth, then the 100 let agreed and 300 outside: 700.
      expect(await count({ words: WORD, min_beds: 3 })).toBe(700)
      const { count: counted, statements } = await countWithStatements({ words: WORD, min_beds: 3 })
      expect(counted).toBe(700)
      expect(statements.map(partOf)).toEqual(['eighth', 'rest'])
      expect(statements[1]).toContain('limit 701')
    } finally {
      await withDatabase(async (db) => {
        await db.query(`update public.listings set status = 'available' where id = any($1::uuid[])`, [
          letAgreed,
        ])
        await db.query('update public.listings set bedrooms = 3 where id = any($1::uuid[])', [oneBed])
      })
    }
  })

  it('is exact below the cap, whichever part holds the homes', async () => {
    // For sale: 300 available homes of the eighth and 400 outside it.
    await withDatabase((db) =>
      db.query(`update public.listings set type = 'sale' where id = any($1::uuid[])`, [
        [
          ...ids.slice(LET_AGREED_IN_EIGHTH, LET_AGREED_IN_EIGHTH + 300),
          ...ids.slice(IN_EIGHTH, IN_EIGHTH + 400),
        ],
      ]),
    )
    expect(await count({ words: WORD, type: 'sale' })).toBe(700)
    // Few expected: counted whole, at once.
    expect((await countWithStatements({ words: WORD, type: 'sale' })).statements.map(partOf)).toEqual(['all'])
    expect(await count({ words: `home ${WORD}`, type: 'sale', available_only: true })).toBe(700)
    expect(await count({ words: `${WORD}zz` })).toBe(0)
  })
})

/**
 * Every home here is in "Octant Row, Nowhere": `nowhere` names a place of 12,000 homes with no leaving date,
 * counted from listing_place_words, the words of each location with the columns a search filters on.
 */
describe('a busy place’s count', () => {
  it('is 1,001 from the place’s own index, in any case and for any part of its name, with filters too', async () => {
    for (const args of [
      { words: 'nowhere' },
      { words: 'NOWHERE' },
      { words: 'owher' },
      { words: 'nowhere', type: 'rent', max_price: 1500, min_beds: 3 },
    ]) {
      expect(await count(args), JSON.stringify(args)).toBe(1001)
      const { count: counted, statements } = await countWithStatements(args)
      expect(counted).toBe(1001)
      expect(statements.map(partOf), JSON.stringify(args)).toEqual(['place'])
    }
    // Two words are counted as before: a home would need a place word for each.
    expect((await countWithStatements({ words: 'row nowhere' })).statements.map(partOf)).not.toContain(
      'place',
    )
  })

  it('with a common word as well, is 1,001 from the place’s rows marked with it, in either order', async () => {
    // Every home in Nowhere here is named "octantique home N": marked with `home`, not with `garden`.
    for (const words of ['nowhere home', 'HOM nowhere', 'owher home']) {
      const args = { words, type: 'rent', max_price: 1500 }
      expect(await count(args), words).toBe(1001)
      const { count: counted, statements } = await countWithStatements(args)
      expect(counted).toBe(1001)
      expect(statements.map(partOf), words).toEqual(['place'])
    }
    const garden = await countWithStatements({ words: 'nowhere garden' })
    expect(garden.count).toBe(0)
    expect(garden.statements.map(partOf)[0]).toBe('place')
    expect(garden.statements.length).toBeGreaterThan(1)
    // A word in no dictionary word: the place's rows cannot tell, so it is counted as before.
    expect((await countWithStatements({ words: `nowhere ${WORD}` })).statements.map(partOf)).not.toContain(
      'place',
    )
  })

  it('leaves out a held home, and a home with a leaving date, then counts as before', async () => {
    await expectHeldAndLeavingLeftOut(
      { words: 'nowhere' },
      'place',
      ids.slice(IN_EIGHTH + 1000, IN_EIGHTH + 2001),
    )
  })

  it('counts homes whose descriptions name a busy place as that place’s homes', async () => {
    // 1,001 homes elsewhere, at £500 a month, whose descriptions name Nowhere (a place of 12,700 homes here).
    const elsewhere = Array.from({ length: 1001 }, () => randomUUID())
    await insertListingsQuietly(
      elsewhere.map((id, i) => ({
        id,
        type: 'rent',
        name: `Remote cabin ${i}`,
        location: 'Distant Lane, Faraway',
        description: 'A long way from Nowhere, and glad of it.',
        offer: false,
        regular_price: 500,
        image_urls: ['https://example.com/a.jpg'],
        latitude: 30,
        longitude: -40,
        user_ref: landlord.id,
      })),
    )
    try {
      const search = { words: 'nowhere', max_price: 600 }
      expect(await count(search)).toBe(1001)
      const named = await countWithStatements(search)
      expect(named.count).toBe(1001)
      expect(named.statements.map(partOf)).toEqual(['place'])
      // Part of the word, any case.
      expect((await countWithStatements({ ...search, words: 'WHERE' })).statements.map(partOf)).toEqual([
        'place',
      ])
      // A home in Nowhere whose description names it is one of its homes once.
      await withDatabase((db) =>
        db.query(
          `update public.listings set location = 'Octant Row, Nowhere', description = 'Right in Nowhere.'
           where id = $1`,
          [elsewhere[0]],
        ),
      )
      const words = await withDatabase(async (db) => {
        const { rows } = await db.query<{ word: string }>(
          'select word from public.listing_place_words where listing_id = $1 order by word',
          [elsewhere[0]],
        )
        return rows.map((row) => row.word)
      })
      expect(words).toEqual(['nowhere', 'octant', 'row'])
    } finally {
      await withDatabase((db) =>
        db.query('delete from public.listings where id = any($1::uuid[])', [elsewhere]),
      )
    }
  })

  it('follows each listing: its location, price and status; untouched by a change of anything else', async () => {
    type Row = { word: string; type: string; effective_price: number; xmin: string }
    const rowsOf = (id: string) =>
      withDatabase(async (db) => {
        const { rows } = await db.query<Row>(
          `select word, type, effective_price, xmin::text from public.listing_place_words
           where listing_id = $1 order by word`,
          [id],
        )
        return rows
      })
    const homesOf = (word: string) =>
      withDatabase(async (db) => {
        const { rows } = await db.query<{ homes: number }>(
          'select homes from public.listing_place_vocabulary where word = $1',
          [word],
        )
        return rows[0]?.homes
      })
    const change = (id: string, set: string) =>
      withDatabase((db) => db.query(`update public.listings set ${set} where id = $1`, [id]))

    // As the database owner: the landlord has published more than a day's listings here already.
    const id = randomUUID()
    await insertListingsQuietly([
      {
        id,
        type: 'rent',
        name: 'Quillfeather cottage',
        location: 'Quillfeather Lane, Zembla Zembla',
        regular_price: 900,
        image_urls: ['https://example.com/a.jpg'],
        latitude: 20,
        longitude: -30,
        user_ref: landlord.id,
      },
    ])
    try {
      expect((await rowsOf(id)).map((r) => [r.word, r.type, r.effective_price])).toEqual([
        ['lane', 'rent', 900],
        ['quillfeather', 'rent', 900],
        ['zembla', 'rent', 900],
      ])
      expect(await homesOf('zembla')).toBe(1)

      await change(id, "location = 'Quillfeather Lane, Ostrovia'")
      expect((await rowsOf(id)).map((r) => r.word)).toEqual(['lane', 'ostrovia', 'quillfeather'])
      expect([await homesOf('zembla'), await homesOf('ostrovia')]).toEqual([0, 1])

      await change(id, "regular_price = 950, type = 'sale'")
      expect((await rowsOf(id)).map((r) => [r.type, r.effective_price])).toEqual(Array(3).fill(['sale', 950]))

      const before = await rowsOf(id)
      await change(id, "image_urls = array['https://example.com/b.jpg']")
      expect(await rowsOf(id)).toEqual(before)

      // A busy place (12,700 homes here) named in its text, capitalised; in lower case it names nothing.
      await change(id, "description = 'Ten minutes from Nowhere.'")
      expect((await rowsOf(id)).map((r) => r.word)).toEqual(['lane', 'nowhere', 'ostrovia', 'quillfeather'])
      await change(id, "description = 'Ten minutes from nowhere.'")
      expect((await rowsOf(id)).map((r) => r.word)).toEqual(['lane', 'ostrovia', 'quillfeather'])

      // Sold subject to contract: on the market until its leaving date, so its rows stay, with that date.
      await change(id, "status = 'sold_stc'")
      const leaving = await withDatabase(async (db) => {
        const { rows } = await db.query<{ words: string[]; dated: boolean }>(
          `select array_agg(p.word order by p.word) as words, bool_and(p.off_market_at = l.off_market_at) as dated
           from public.listing_place_words as p join public.listings as l on l.id = p.listing_id
           where p.listing_id = $1`,
          [id],
        )
        return rows[0]
      })
      expect(leaving).toEqual({ words: ['lane', 'ostrovia', 'quillfeather'], dated: true })
      expect(await homesOf('quillfeather')).toBe(1)
      // Its leaving date passed (set back by the owner, as time would): off the market, its rows go.
      await change(id, "status_changed_at = now() - interval '61 days'")
      expect(await rowsOf(id)).toEqual([])
      expect(await homesOf('quillfeather')).toBe(0)
    } finally {
      await withDatabase((db) => db.query('delete from public.listings where id = $1', [id]))
    }
    expect(await rowsOf(id)).toEqual([])
  })

  it('is exact below the cap once the place is complete: every home whose text has it, those leaving later apart', async () => {
    // Homes for sale whose texts contain `nowhere` while their locations lack the word: in lower case, inside
    // other words, capitalised; one sold subject to contract (on the market until its leaving date), one held for review.
    const homes = [
      {
        name: 'Barn on the hill',
        location: 'Hill Farm, Faraway',
        description: 'In the middle of nowhere, with a garden.',
      },
      { name: 'Nowherebound barn', location: 'Hill Farm, Faraway' },
      // `gard` is in `regards`, not in `garden`: a home the marks of `garden` leave out.
      { name: 'Warm regards cabin', location: 'Hill Farm, Faraway', description: 'Beyond nowhere.' },
      { name: 'Old water mill', location: 'Nowhereton, Faraway', description: 'A mill with a garden.' },
      { name: 'Lodge in the wood', location: 'Hill Farm, Faraway', description: 'Ten minutes from Nowhere.' },
      {
        name: 'Lodge sold subject',
        location: 'Hill Farm, Faraway',
        description: 'Near nowhere, with a garden.',
      },
      {
        name: 'Held back lodge',
        location: 'Hill Farm, Faraway',
        description: 'Near nowhere, with a garden.',
      },
      {
        name: 'Croft on the moor',
        location: 'Hill Farm, Faraway',
        description: 'Far from nowhere, with a garden.',
      },
    ].map((home) => ({
      id: randomUUID(),
      type: 'sale',
      offer: false,
      regular_price: 250_000,
      image_urls: ['https://example.com/a.jpg'],
      latitude: 31,
      longitude: -41,
      user_ref: landlord.id,
      ...home,
    }))
    const croft = homes.pop()
    if (!croft) throw new Error('no croft')
    const [, , , , , sold, held] = homes
    // Their box is theirs alone (other homes of this file are 20 or 30 north).
    const search = {
      words: 'nowhere',
      type: 'sale',
      max_price: 300_000,
      west: -41.5,
      south: 30.5,
      east: -40.5,
      north: 31.5,
    }
    const withGarden = { ...search, words: 'nowhere garden' }
    const exactFromPlace = ['place', 'place', 'leavers']
    await insertListingsQuietly(homes)
    try {
      await withDatabase(async (db) => {
        await db.query(`update public.listings set status = 'sold_stc' where id = $1`, [sold?.id])
        await db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
          held?.id,
          landlord.id,
        ])
      })
      // Not complete: the place's rows lack the homes whose text has the word but does not name it, so fewer than
      // 1,001 there are counted again, as before.
      const before = await countWithStatements(search)
      expect(before.count).toBe(6)
      expect(before.statements.map(partOf)[0]).toBe('place')
      expect(before.statements.map(partOf)).not.toEqual(exactFromPlace)

      const completed = await withDatabase(async (db) => {
        const { rows } = await db.query<{ n: number }>("select public.complete_place_words('nowhere') as n")
        return rows[0]?.n
      })
      expect(completed).toBe(1)

      for (const [args, homes] of [
        [search, 6],
        [{ ...search, words: 'NOWHERE' }, 6],
        [withGarden, 3],
        [{ ...withGarden, words: 'garden nowhere' }, 3],
      ] as const) {
        const counted = await countWithStatements(args)
        expect(counted.count, args.words).toBe(homes)
        expect(counted.statements.map(partOf), args.words).toEqual(exactFromPlace)
        expect(await count(args), args.words).toBe(homes)
      }
      // Part of the place's name, or beside it a word that is in no dictionary word or only part of one: the
      // rows cannot tell, so as before.
      for (const [args, homes] of [
        [{ ...search, words: 'owher' }, 6],
        [{ ...search, words: 'nowhere barn' }, 2],
        [{ ...search, words: 'nowhere gard' }, 4],
      ] as const) {
        const counted = await countWithStatements(args)
        expect(counted.count, args.words).toBe(homes)
        expect(counted.statements.map(partOf), args.words).not.toEqual(exactFromPlace)
      }

      // More of the place's rows of the type and price than a try reads: the try cannot have counted every match.
      // 600 of Nowhere's three-bedroom homes (the last in its rows' price order) get four bedrooms and £1,100.
      const fourBeds = ids.slice(IN_EIGHTH + 1000, IN_EIGHTH + 1600)
      const setFourBeds = (beds: number, price: number) =>
        withDatabase((db) =>
          db.query(
            'update public.listings set bedrooms = $1, regular_price = $2 where id = any($3::uuid[])',
            [beds, price, fourBeds],
          ),
        )
      await setFourBeds(4, 1100)
      try {
        const many = await countWithStatements({ words: 'nowhere', type: 'rent', min_beds: 4 })
        expect(many.count).toBe(600)
        expect(many.statements.map(partOf).slice(0, 2)).toEqual(['place', 'place'])
        expect(many.statements.map(partOf)).not.toContain('leavers')
      } finally {
        await setFourBeds(3, 1000)
      }

      // A listing written once the place is complete has its row: the trigger keeps the place complete.
      await insertListingsQuietly([croft])
      const after = await countWithStatements(withGarden)
      expect(after.count).toBe(4)
      expect(after.statements.map(partOf)).toEqual(exactFromPlace)
    } finally {
      // The place stays complete: the next test checks its rows against the listings.
      await withDatabase((db) =>
        db.query('delete from public.listings where id = any($1::uuid[])', [
          [...homes, croft].map((h) => h.id),
        ]),
      )
    }
  })

  it('agrees with the listings, word for word, and is read and written by no one but its trigger and count', async () => {
    await withDatabase(async (db) => {
      const { rows } = await db.query<{
        missing: string
        extra: string
        miscounted: string
        unmarked: string
        incomplete: string
      }>(
        `with expected as (
           select w.word, l.type, l.effective_price, l.id as listing_id, l.bedrooms, l.bathrooms, l.parking,
             l.furnished, l.offer, l.status, l.latitude, l.longitude, l.created_at, l.off_market_at
           from public.listings as l, public.place_words_of(l.location) as w (word)
           where l.off_market_at is null or l.off_market_at > now()
         ),
         held as (
           select word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
             latitude, longitude, created_at, off_market_at
           from public.listing_place_words
         ),
         -- A place named in the text: which places were busy when a listing was written is history, but each such
         -- row must be of a listing on the market whose text names the word, capitalised (or contains it anywhere,
         -- when the place is complete), and whose location lacks it.
         named as (
           select w.word, l.type, l.effective_price, l.id as listing_id, l.bedrooms, l.bathrooms, l.parking,
             l.furnished, l.offer, l.status, l.latitude, l.longitude, l.created_at, l.off_market_at
           from public.listings as l
             join (select distinct listing_id, word from public.listing_place_words) as w on w.listing_id = l.id
           where (l.off_market_at is null or l.off_market_at > now())
             and length(w.word) >= 4
             and w.word not in (select public.place_words_of(l.location))
             and ((l.name || ' ' || coalesce(l.description, '')) ~ ('\\m' || initcap(w.word) || '\\M')
               or (w.word in (select word from public.listing_place_vocabulary where complete)
                 and strpos(lower(l.search_text), w.word) > 0))
         ),
         -- A complete place has a row for every listing on the market (leaving later too) whose text contains it.
         incomplete as (
           select v.word, l.id
           from public.listing_place_vocabulary as v
             join public.listings as l on strpos(lower(l.search_text), v.word) > 0
           where v.complete and (l.off_market_at is null or l.off_market_at > now())
           except
           select word, listing_id from held
         )
         select
           (select count(*) from (select * from expected except all select * from held) as m) as missing,
           (select count(*) from (
              select * from held except all (select * from expected union all select * from named)
            ) as e) as extra,
           (select count(*) from public.listing_place_vocabulary as v
              full join (select word, count(*) as homes from held group by word) as c using (word)
              where coalesce(v.homes, 0) <> coalesce(c.homes, 0)) as miscounted,
           (select count(*) from incomplete) as incomplete,
           -- Each row carries its listing's marks.
           (select count(*) from public.listing_place_words as p join public.listings as l on l.id = p.listing_id
              where p.marks <> public.common_word_marks(l.search_text)) as unmarked`,
      )
      expect(rows[0]).toEqual({ missing: '0', extra: '0', miscounted: '0', unmarked: '0', incomplete: '0' })
    })
    for (const [role, client] of [
      ['anon', anonClient()],
      ['authenticated', landlord.client],
      ['service_role', serviceClient()],
    ] as const) {
      const rows = {
        listing_place_words: {
          word: 'nowhere',
          type: 'rent',
          effective_price: 1,
          listing_id: ids[0],
          bedrooms: 1,
          bathrooms: 1,
          parking: false,
          furnished: false,
          offer: false,
          status: 'available',
          latitude: 0,
          longitude: 0,
        },
        listing_place_vocabulary: { word: 'nowhere', homes: 1 },
      }
      for (const [table, row] of Object.entries(rows)) {
        const read = await client.from(table).select('word').limit(1)
        expect(read.error?.code, `${role} ${table}`).toBe('42501')
        const insert = await client.from(table).insert(row as Record<string, unknown>)
        expect(insert.error?.code, `${role} ${table}`).toBe('42501')
      }
    }
  })
})

/**
 * Every home here is named "octantique home N": `home` is one of listing_common_words, so each has its bit in
 * listing_word_marks. Their box (latitude 20, longitude -30, in the Atlantic) is theirs alone, so a count
 * within it is of these homes whatever other tests publish.
 */
describe('a count of a word of many descriptions', () => {
  const BOX = { west: -31, south: 19, east: -29, north: 21 }

  it('is 1,001 from the marks’ own index, in any case and for any part of the word, with filters too', async () => {
    for (const args of [
      { words: 'home', ...BOX },
      { words: 'HOM', ...BOX },
      { words: 'home', type: 'rent', max_price: 1500, min_beds: 3, ...BOX },
      // Each word of the search in a dictionary word: a home needs a mark for each.
      { words: 'hom ome', type: 'rent', ...BOX },
    ]) {
      expect(await count(args), JSON.stringify(args)).toBe(1001)
      const { count: counted, statements } = await countWithStatements(args)
      expect(counted).toBe(1001)
      expect(statements.map(partOf), JSON.stringify(args)).toEqual(['marks'])
    }
    // A word no dictionary word contains is counted as before.
    expect(
      (await countWithStatements({ words: `home ${WORD}`, ...BOX })).statements.map(partOf),
    ).not.toContain('marks')
    // Two dictionary words, only one of which these homes have: none is marked with both, so the count is
    // made as before, and it is 0.
    const both = await countWithStatements({ words: 'home garden', ...BOX })
    expect(both.count).toBe(0)
    expect(both.statements.map(partOf)[0]).toBe('marks')
    expect(both.statements.length).toBeGreaterThan(1)
  })

  it('leaves out a held home, and a home with a leaving date, then counts as before', async () => {
    // Part of a dictionary word, so below the cap it is counted as before (the exact count from the marks is
    // below).
    await expectHeldAndLeavingLeftOut(
      { words: 'hom', ...BOX },
      'marks',
      ids.slice(IN_EIGHTH + 3000, IN_EIGHTH + 4001),
    )
  })

  it('is exact below the cap from the marks when each word is a dictionary word, with the homes leaving later', async () => {
    // 300 homes at £1,200 a month, outside the eighth (the others are £1,000).
    const some = ids.slice(IN_EIGHTH + 5000, IN_EIGHTH + 5300)
    const setPrice = (price: number) =>
      withDatabase((db) =>
        db.query('update public.listings set regular_price = $1 where id = any($2::uuid[])', [price, some]),
      )
    await setPrice(1200)
    try {
      const search = { words: 'home', type: 'rent', min_price: 1150, ...BOX }
      expect(await count(search)).toBe(300)
      const marked = await countWithStatements(search)
      expect(marked.count).toBe(300)
      // The try, a count of the rows it could read (fewer than it may), then the homes leaving on a later date.
      expect(marked.statements.map(partOf)).toEqual(['marks', 'marks', 'leavers'])

      // Let agreed: no longer marked, counted with those leaving later.
      await withDatabase((db) =>
        db.query(`update public.listings set status = 'let_agreed' where id = $1`, [some[0]]),
      )
      const leaving = await countWithStatements(search)
      expect(leaving.count).toBe(300)
      expect(leaving.statements.map(partOf)).toEqual(['marks', 'marks', 'leavers'])
      expect(await count(search)).toBe(300)

      // Held for review: out of the count, either way.
      await withDatabase((db) =>
        db.query(
          'insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2), ($3, $2)',
          [some[1], landlord.id, some[0]],
        ),
      )
      try {
        expect((await countWithStatements(search)).count).toBe(298)
        expect(await count(search)).toBe(298)
        // Part of a dictionary word: a home may hold it in a word the dictionary lacks, so below the cap it is
        // counted as before.
        const part = await countWithStatements({ ...search, words: 'hom' })
        expect(part.count).toBe(298)
        expect(part.statements.map(partOf)[0]).toBe('marks')
        expect(part.statements.map(partOf)).not.toContain('leavers')
        expect(part.statements.length).toBeGreaterThan(1)
      } finally {
        await withDatabase((db) =>
          db.query('delete from public.listing_review_holds where listing_id = any($1::uuid[])', [
            some.slice(0, 2),
          ]),
        )
      }
    } finally {
      await withDatabase((db) =>
        db.query(`update public.listings set status = 'available' where id = $1`, [some[0]]),
      )
      await setPrice(1000)
    }
  })

  it('is exact below the cap by the words’ index: at once when few homes have them, else when a try cannot read them all', async () => {
    // 9,000 cottages at £700 a month, 3,000 of them with gardens, 30 of those with five bedrooms at £2,500: with this
    // file's 12,000 homes at £1,000, more rows to rent than a try reads (20,000).
    const cottages = Array.from({ length: 9000 }, (_, i) => ({
      id: randomUUID(),
      type: 'rent',
      name: `Tarn cottage ${i}`,
      location: 'Tarn Side, Fellhead',
      description: i < 3000 ? 'With a garden.' : 'By the water.',
      offer: false,
      bedrooms: i < 30 ? 5 : 1,
      regular_price: i < 30 ? 2500 : 700,
      image_urls: ['https://example.com/a.jpg'],
      latitude: 40,
      longitude: -50,
      user_ref: landlord.id,
    }))
    const fiveBeds = cottages.slice(0, 30).map((home) => home.id)
    const box = { west: -50.5, south: 39.5, east: -49.5, north: 40.5 }
    const search = { words: 'garden cottage', type: 'rent', min_beds: 5, ...box }
    // 40 of this file's homes (marked with `home`, which 12,000 homes have) get five bedrooms.
    const homes = ids.slice(IN_EIGHTH + 6000, IN_EIGHTH + 6040)
    const setBeds = (beds: number) =>
      withDatabase((db) =>
        db.query('update public.listings set bedrooms = $1 where id = any($2::uuid[])', [beds, homes]),
      )
    await insertListingsQuietly(cottages)
    try {
      // As a running site's statistics would have it: how many homes each dictionary word has.
      await withDatabase((db) => db.query('analyze public.listing_word_marks'))

      // Few homes with both words (3,000): counted by the words' index at once, then those leaving later.
      const atOnce = ['marks', 'leavers']
      for (const words of ['garden cottage', 'COTTAGE garden']) {
        const counted = await countWithStatements({ ...search, words })
        expect(counted.count, words).toBe(30)
        expect(counted.statements.map(partOf), words).toEqual(atOnce)
        expect(await count({ ...search, words }), words).toBe(30)
      }
      // One let agreed (counted with those leaving later), one held for review (out of the count).
      await withDatabase(async (db) => {
        await db.query(`update public.listings set status = 'let_agreed' where id = $1`, [fiveBeds[0]])
        await db.query('insert into public.listing_review_holds (listing_id, landlord_id) values ($1, $2)', [
          fiveBeds[1],
          landlord.id,
        ])
      })
      const settled = await countWithStatements(search)
      expect(settled.count).toBe(29)
      expect(settled.statements.map(partOf)).toEqual(atOnce)
      expect(await count(search)).toBe(29)
      // Many: 1,001 from the words' index as well.
      const many = await countWithStatements({ words: 'garden cottage', type: 'rent', ...box })
      expect(many.count).toBe(1001)
      expect(many.statements.map(partOf)).toEqual(['marks'])
      // Part of a dictionary word: not every home with it is marked, so as before.
      const part = await countWithStatements({ ...search, words: 'garde cottage' })
      expect(part.count).toBe(29)
      expect(part.statements.map(partOf)).not.toEqual(atOnce)

      // A word many homes have: the try first, which cannot read every row to rent, then the words' index.
      await setBeds(5)
      const tried = await countWithStatements({ words: 'home', type: 'rent', min_beds: 5, ...BOX })
      expect(tried.count).toBe(40)
      expect(tried.statements.map(partOf)).toEqual(['marks', 'marks', 'marks', 'leavers'])
      expect(await count({ words: 'home', type: 'rent', min_beds: 5, ...BOX })).toBe(40)
    } finally {
      await setBeds(3)
      await withDatabase(async (db) => {
        await db.query('delete from public.listing_review_holds where listing_id = $1', [fiveBeds[1]])
        await db.query('delete from public.listings where id = any($1::uuid[])', [
          cottages.map((home) => home.id),
        ])
      })
    }
  }, 60_000)

  it('follows each listing’s words, price and status; untouched by a change of anything else', async () => {
    type Row = { marks: string; type: string; effective_price: number; bedrooms: number; xmin: string }
    const rowOf = (id: string) =>
      withDatabase(async (db) => {
        const { rows } = await db.query<Row>(
          `select marks::text, type, effective_price, bedrooms, xmin::text from public.listing_word_marks
           where listing_id = $1`,
          [id],
        )
        return rows[0]
      })
    const bits = (...words: string[]) =>
      withDatabase(async (db) => {
        const { rows } = await db.query<{ marks: string }>(
          'select coalesce(sum(1::bigint << bit), 0)::text as marks from public.listing_common_words where word = any($1)',
          [words],
        )
        return rows[0]?.marks
      })
    const change = (id: string, set: string) =>
      withDatabase((db) => db.query(`update public.listings set ${set} where id = $1`, [id]))

    const id = randomUUID()
    await insertListingsQuietly([
      {
        id,
        type: 'rent',
        name: 'Quillfeather',
        location: 'Zembla',
        regular_price: 900,
        image_urls: ['https://example.com/a.jpg'],
        latitude: 20,
        longitude: -30,
        user_ref: landlord.id,
      },
    ])
    try {
      // No dictionary word: no row.
      expect(await rowOf(id)).toBeUndefined()

      await change(id, "description = 'A bright FLAT with a garden.'")
      expect((await rowOf(id))?.marks).toBe(await bits('bright', 'flat', 'garden'))

      await change(id, "location = 'Station Road, Zembla', regular_price = 950, type = 'sale', bedrooms = 2")
      expect(await rowOf(id)).toMatchObject({
        marks: await bits('bright', 'flat', 'garden', 'station', 'road'),
        type: 'sale',
        effective_price: 950,
        bedrooms: 2,
      })

      const before = await rowOf(id)
      await change(id, "image_urls = array['https://example.com/b.jpg']")
      expect(await rowOf(id)).toEqual(before)

      await change(id, "description = 'Ivy on every wall.', location = 'Zembla'")
      expect(await rowOf(id)).toBeUndefined()

      await change(id, "description = 'A quiet studio.'")
      expect((await rowOf(id))?.marks).toBe(await bits('quiet', 'studio'))

      await change(id, "status = 'sold_stc'")
      expect(await rowOf(id)).toBeUndefined()
      await change(id, "status = 'available'")
      expect((await rowOf(id))?.marks).toBe(await bits('quiet', 'studio'))
    } finally {
      await withDatabase((db) => db.query('delete from public.listings where id = $1', [id]))
    }
    expect(await rowOf(id)).toBeUndefined()
  })

  it('agrees with the listings, word for word, and is read and written by no one but its trigger and count', async () => {
    await withDatabase(async (db) => {
      // Each mark is what ILIKE says of the listing's text and the dictionary word.
      const { rows } = await db.query<{ missing: string; extra: string }>(
        `with expected as (
           select l.id as listing_id, l.type, l.effective_price,
             (select coalesce(sum(1::bigint << c.bit), 0) from public.listing_common_words as c
              where l.search_text ilike '%' || c.word || '%')::bigint as marks,
             l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer, l.status, l.latitude, l.longitude
           from public.listings as l
           where l.off_market_at is null
         ),
         held as (
           select listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status,
             latitude, longitude
           from public.listing_word_marks
         )
         select
           (select count(*) from (select * from expected where marks <> 0 except all select * from held) as m)
             as missing,
           (select count(*) from (select * from held except all select * from expected) as e) as extra`,
      )
      expect(rows[0]).toEqual({ missing: '0', extra: '0' })
    })
    for (const [role, client] of [
      ['anon', anonClient()],
      ['authenticated', landlord.client],
      ['service_role', serviceClient()],
    ] as const) {
      const rows = {
        listing_word_marks: {
          listing_id: ids[0],
          type: 'rent',
          effective_price: 1,
          marks: 1,
          bedrooms: 1,
          bathrooms: 1,
          parking: false,
          furnished: false,
          offer: false,
          status: 'available',
          latitude: 0,
          longitude: 0,
        },
        listing_common_words: { bit: 63, word: 'nowhere' },
      }
      for (const [table, row] of Object.entries(rows)) {
        const read = await client.from(table).select('*').limit(1)
        expect(read.error?.code, `${role} ${table}`).toBe('42501')
        const insert = await client.from(table).insert(row as Record<string, unknown>)
        expect(insert.error?.code, `${role} ${table}`).toBe('42501')
      }
    }
  })
})
