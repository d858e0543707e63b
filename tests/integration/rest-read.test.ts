import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFixture, dropFixture, ITEMS, restFetch } from './rest-fixture'
import { anonClient } from './support/clients'

const db = anonClient()
const items = () => db.from('rest_fixture_items')
const visible = ITEMS.filter((item) => item.note !== 'hidden')
const slugs = (rows: { slug: string }[] | null) => (rows ?? []).map((row) => row.slug).sort()

beforeAll(createFixture)
afterAll(dropFixture)

describe('reading rows through /rest/v1', () => {
  it('returns every visible row with Postgres JSON rendering (timestamptz, jsonb, arrays)', async () => {
    const { data, error, status } = await items().select('*').eq('slug', 'oslo-flat')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toHaveLength(1)
    expect(data?.[0]).toMatchObject({
      slug: 'oslo-flat',
      price: 1200,
      tags: ['city'],
      data: { rooms: 2 },
      created_at: '2026-01-02T03:04:05.123456+00:00',
    })
  })

  it('lets RLS USING hide rows silently', async () => {
    const { data } = await items().select('slug')
    expect(slugs(data)).toEqual(visible.map((i) => i.slug).sort())
  })

  it('selects columns, aliases, casts and JSON paths', async () => {
    const { data, error } = await items()
      .select('slug, cost:price, price_text:price::text, rooms:data->>rooms')
      .eq('slug', 'bergen-house')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ slug: 'bergen-house', cost: 2500, price_text: '2500', rooms: '5' })
  })

  it.each([
    ['eq', items().select('slug').eq('price', 800), ['a,b']],
    [
      'neq',
      items().select('slug').neq('note', 'alice').not('note', 'is', null),
      ['a,b', 'drammen-room', 'lillehammer-lodge', 'oslo-flat', 'say "hi"', 'tromso-cabin'],
    ],
    ['gt', items().select('slug').gt('price', 2500), ['x(y)']],
    ['gte', items().select('slug').gte('price', 2500), ['bergen-house', 'x(y)']],
    ['lt', items().select('slug').lt('price', 700), ['drammen-room']],
    ['lte', items().select('slug').lte('price', 700), ['drammen-room', 'tromso-cabin']],
    ['like with *', items().select('slug').like('title', '*Loft'), ['stavanger-loft']],
    ['ilike with %', items().select('slug').ilike('title', 'DRAMMEN%'), ['drammen-room']],
    [
      'in with quoted values',
      items().select('slug').in('slug', ['a,b', 'x(y)', 'say "hi"', 'oslo-flat']),
      ['a,b', 'oslo-flat', 'say "hi"', 'x(y)'],
    ],
    ['is.null', items().select('slug').is('note', null), ['bergen-house', 'stavanger-loft', 'x(y)']],
    [
      'not.in',
      items().select('slug').not('slug', 'in', '(oslo-flat,bergen-house)').lt('price', 1000),
      ['a,b', 'drammen-room', 'say "hi"', 'tromso-cabin'],
    ],
    [
      'not.eq',
      items().select('slug').not('price', 'eq', 800).lt('price', 900),
      ['drammen-room', 'tromso-cabin'],
    ],
    ['or', items().select('slug').or('price.lt.500,slug.eq.oslo-flat'), ['drammen-room', 'oslo-flat']],
    [
      'nested and in or',
      items().select('slug').or('price.gt.2900,and(price.gte.1000,price.lte.1100)'),
      ['alice-one', 'alice-two', 'x(y)'],
    ],
    [
      'or with quoted value',
      items().select('slug').or('slug.eq."a,b",slug.in.("x(y)",nope)'),
      ['a,b', 'x(y)'],
    ],
    ['contains', items().select('slug').contains('tags', ['sea']), ['bergen-house']],
    ['match', items().select('slug').match({ price: 950, note: 'quotes' }), ['say "hi"']],
  ])('filters with %s', async (_name, query, expected) => {
    const { data, error } = await query
    expect(error).toBeNull()
    expect(slugs(data as { slug: string }[])).toEqual([...expected].sort())
  })

  it('negates a whole logic tree with not.or=(…)', async () => {
    const res = await restFetch('rest_fixture_items?select=slug&not.or=(price.lt.1500,note.is.null)')
    expect(slugs(await res.json())).toEqual(['lillehammer-lodge'])
  })

  it('takes a raw query with and=(…) and is.NOT_NULL case-insensitively', async () => {
    const res = await restFetch(
      'rest_fixture_items?select=slug&and=(price.gte.1000,note.is.NOT_NULL)&order=slug',
    )
    expect(res.status).toBe(200)
    expect((await res.json()).map((r: { slug: string }) => r.slug)).toEqual([
      'alice-one',
      'alice-two',
      'lillehammer-lodge',
      'oslo-flat',
    ])
  })

  it('orders by several keys with nulls first or last', async () => {
    const nullsFirst = await items()
      .select('slug, note')
      .in('price', [800, 2500, 3000, 1500])
      .order('note', { ascending: true, nullsFirst: true })
      .order('price', { ascending: false })
    expect(nullsFirst.data?.map((r) => r.slug)).toEqual(['x(y)', 'bergen-house', 'stavanger-loft', 'a,b'])
    const nullsLast = await items()
      .select('slug')
      .in('price', [800, 2500, 3000, 1500])
      .order('note', { ascending: false, nullsFirst: false })
      .order('price')
    expect(nullsLast.data?.map((r) => r.slug)).toEqual(['a,b', 'stavanger-loft', 'bergen-house', 'x(y)'])
  })

  it('pages with range() and reports the exact count in Content-Range (206 when partial)', async () => {
    const { data, count, status } = await items()
      .select('slug', { count: 'exact' })
      .order('price')
      .range(2, 4)
    expect(status).toBe(206)
    expect(count).toBe(visible.length)
    expect(data?.map((r) => r.slug)).toEqual(['a,b', 'say "hi"', 'alice-one'])
    const res = await restFetch('rest_fixture_items?select=slug&order=price&limit=3&offset=2', {
      headers: { Prefer: 'count=exact' },
    })
    expect(res.headers.get('content-range')).toBe(`2-4/${visible.length}`)
    const all = await restFetch('rest_fixture_items?select=slug&limit=2')
    expect(all.headers.get('content-range')).toBe('0-1/*')
  })

  it('honours the Range header', async () => {
    const res = await restFetch('rest_fixture_items?select=slug&order=price', { headers: { Range: '0-1' } })
    expect((await res.json()).map((r: { slug: string }) => r.slug)).toEqual(['drammen-room', 'tromso-cabin'])
  })

  it('counts with head: true and no body, and answers */0 for an empty result', async () => {
    const head = await items().select('*', { count: 'exact', head: true }).gte('price', 1000)
    expect(head.error).toBeNull()
    expect(head.count).toBe(visible.filter((i) => i.price >= 1000).length)
    expect(head.data).toBeNull()
    const none = await restFetch('rest_fixture_items?price=gt.100000', { headers: { Prefer: 'count=exact' } })
    expect(none.status).toBe(200)
    expect(none.headers.get('content-range')).toBe('*/0')
    expect(await none.json()).toEqual([])
  })

  it('refuses an offset past the total with 416 PGRST103', async () => {
    const res = await restFetch('rest_fixture_items?offset=100', { headers: { Prefer: 'count=exact' } })
    expect(res.status).toBe(416)
    expect((await res.json()).code).toBe('PGRST103')
  })

  it('single() with no row is 406 PGRST116 with the exact PostgREST body', async () => {
    const { data, error, status } = await items().select('*').eq('slug', 'nowhere').single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    const many = await items().select('*').lt('price', 900).single()
    expect(many.error?.details).toBe('The result contains 3 rows')
  })

  it('maybeSingle() gives null for no row and the row for one', async () => {
    const none = await items().select('slug').eq('slug', 'nowhere').maybeSingle()
    expect(none).toMatchObject({ data: null, error: null })
    const one = await items().select('slug').eq('slug', 'oslo-flat').maybeSingle()
    expect(one.data).toEqual({ slug: 'oslo-flat' })
  })

  it('sees a table created after the schema cache was loaded', async () => {
    await items().select('slug').limit(1)
    const { withDatabase } = await import('./support/clients')
    await withDatabase((pg) =>
      pg.query(`create table public.rest_fixture_late (id int primary key); grant select on public.rest_fixture_late to anon;
                insert into public.rest_fixture_late values (1)`),
    )
    try {
      const { data, error } = await db.from('rest_fixture_late').select('id')
      expect(error).toBeNull()
      expect(data).toEqual([{ id: 1 }])
    } finally {
      await withDatabase((pg) => pg.query('drop table public.rest_fixture_late'))
    }
  })
})
