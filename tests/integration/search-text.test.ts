import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient } from './support/clients'
import { createSearchFixture, type SearchFixture } from './support/search-fixture'
import { readSearch, runSearch, type Search, type SearchRow, searchInMemory } from './support/search-query'

/**
 * Place and keyword search: each word of the query must appear, in any case, as any part of a word
 * of the location, the name or the description (`hackn` finds Hackney).
 */

let fixture: SearchFixture
let everything: SearchRow[]

const search = (query: Search) => runSearch(anonClient(), query)

beforeAll(async () => {
  fixture = await createSearchFixture(12)
  // One home of the fixture has a description; another a name of its own.
  const [described, named] = fixture.ids
  const first = await fixture.landlord.client
    .from('listings')
    .update({ description: 'A quiet home by the Whitlingham broads.\nViewings on Saturdays.' })
    .eq('id', described as string)
  const second = await fixture.landlord.client
    .from('listings')
    .update({ name: 'Marrowbone mill cottage' })
    .eq('id', named as string)
  if (first.error || second.error) throw first.error ?? second.error
  everything = await readSearch(anonClient())
})

afterAll(() => fixture.remove())

describe('q', () => {
  it('hackn finds the homes in Hackney, and only them', async () => {
    const hackney = everything.filter((row) => row.search_text.includes('Hackney'))
    expect(hackney.length).toBeGreaterThan(0)
    const { ids, count } = await search({ q: 'hackn' })
    expect(new Set(ids)).toEqual(new Set(hackney.map((row) => row.id)))
    expect(count).toBe(hackney.length)
  })

  it.each(['HACKNEY', 'Hackney', 'aCKnE'])('matches in any case: %s', async (q) => {
    const { ids } = await search({ q })
    expect(ids).toEqual(searchInMemory(everything, { q }).map((row) => row.id))
    expect(ids.length).toBeGreaterThan(0)
  })

  it('matches the location (a postcode district, a town)', async () => {
    for (const q of ['E8', 'edinburgh', 'newcastle upon']) {
      const { ids, count } = await search({ q })
      const expected = searchInMemory(everything, { q }).map((row) => row.id)
      expect(expected.length, q).toBeGreaterThan(0)
      expect(ids, q).toEqual(expected)
      expect(count, q).toBe(expected.length)
    }
  })

  it('matches the name', async () => {
    const { ids } = await search({ q: 'marrowbone' })
    expect(ids).toEqual([fixture.ids[1]])
  })

  it('matches the description, across its lines', async () => {
    expect((await search({ q: 'whitlingham' })).ids).toEqual([fixture.ids[0]])
    expect((await search({ q: 'saturdays' })).ids).toEqual([fixture.ids[0]])
  })

  it('needs every word, in any order, anywhere in the text', async () => {
    expect((await search({ q: `saturdays ${fixture.word.toLowerCase()}` })).ids).toEqual([fixture.ids[0]])
    expect((await search({ q: 'whitlingham marrowbone' })).ids).toEqual([])
    const q = 'garden kitchen'
    expect((await search({ q })).ids).toEqual(searchInMemory(everything, { q }).map((row) => row.id))
  })

  it('combines with filters, and finds nothing when nothing matches', async () => {
    const q = 'london'
    const filters: Search = { q, type: 'sale', minBeds: 2, sort: 'price-desc' }
    const expected = searchInMemory(everything, filters).map((row) => row.id)
    expect(expected.length).toBeGreaterThan(0)
    expect((await search(filters)).ids).toEqual(expected)
    expect(await search({ q: 'zzqxjv' })).toEqual({ ids: [], count: 0 })
  })

  it('takes PostgREST’s * wildcard as well as %', async () => {
    const { data, error } = await anonClient()
      .from('listings')
      .select('id')
      .filter('search_text', 'ilike', '*HACKN*')
      .order('id')
    expect(error).toBeNull()
    const hackney = everything.filter((row) => row.search_text.includes('Hackney')).map((row) => row.id)
    expect(data?.map((row) => row.id)).toEqual([...hackney].sort())
  })
})
