import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient } from './support/clients'
import { createSearchFixture, type SearchFixture } from './support/search-fixture'
import {
  readSearch,
  type Search,
  type SearchRow,
  type SearchSort,
  searchInMemory,
  walkSearch,
} from './support/search-query'

/**
 * Keyset paging under every sort: 10 homes a page (11 fetched), the next page starting after the
 * last one shown by its sort key and id, so pages never repeat or skip a home, even where prices or
 * times tie across a page boundary.
 */

let fixture: SearchFixture
let everything: SearchRow[]

beforeAll(async () => {
  fixture = await createSearchFixture(36)
  everything = await readSearch(anonClient())
})

afterAll(() => fixture.remove())

const SORTS: SearchSort[] = ['price-asc', 'price-desc', 'newest']

describe('paging a landlord’s homes, where prices and times tie', () => {
  it('the ties fall across page boundaries', () => {
    const byPrice = searchInMemory(everything, { q: fixture.word, sort: 'price-asc' })
    const prices = byPrice.map((row) => row.effective_price)
    // Rows 10 and 11 (the first page's last and the second page's first) share a price.
    expect(prices[9]).toBe(prices[10])
    expect(new Set(byPrice.map((row) => row.created_at)).size).toBe(1)
  })

  it.each(SORTS)('%s: every home once, in order; each page counts the homes from it on', async (sort) => {
    const search: Search = { q: fixture.word, sort }
    const { ids, counts } = await walkSearch(anonClient(), search)
    expect(ids).toEqual(searchInMemory(everything, search).map((row) => row.id))
    expect(new Set(ids).size).toBe(fixture.ids.length)
    const total = fixture.ids.length
    expect(counts).toEqual([total, total - 10, total - 20, total - 30])
  })

  it.each(SORTS)('%s with filters: the walk is exactly the filtered rows', async (sort) => {
    const search: Search = { q: fixture.word, sort, type: 'rent', minBeds: 2 }
    const { ids } = await walkSearch(anonClient(), search)
    const expected = searchInMemory(everything, search).map((row) => row.id)
    expect(expected.length).toBeGreaterThan(10)
    expect(ids).toEqual(expected)
  })
})

describe('paging the demo data', () => {
  it.each(SORTS)('%s over homes for sale: no duplicate, no gap', async (sort) => {
    const search: Search = { type: 'sale', sort }
    const { ids } = await walkSearch(anonClient(), search)
    const expected = searchInMemory(everything, search).map((row) => row.id)
    expect(expected.length).toBeGreaterThan(100)
    expect(ids).toEqual(expected)
  })
})
