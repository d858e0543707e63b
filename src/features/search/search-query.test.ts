import { describe, expect, it } from 'vitest'
import { getPublicDb } from '../../lib/supabase'
import { aListing } from '../../testing/listing-factory'
import { afterCursor, bboxFilters, cursorOf, searchFilters, searchOrder, toSearchPage } from './search-query'

/** The query string postgrest-js sends for the filters (the client is never asked to fetch). */
function queryString(apply: (query: ReturnType<typeof select>) => ReturnType<typeof select>): string {
  const url = (apply(select()) as unknown as { url: URL }).url
  return decodeURIComponent(url.search.replace(/^\?select=id&?/, ''))
}
const db = await getPublicDb()
const select = () => db.from('listings').select('id')

describe('searchFilters', () => {
  it('turns each field into a filter on the price a person pays, rooms, flags and text', () => {
    const filters = searchFilters({
      q: 'hackn flat',
      type: 'rent',
      minPrice: 500,
      maxPrice: 2000,
      minBeds: 2,
      minBaths: 1,
      parking: true,
      furnished: true,
      offer: true,
    })
    const sent = queryString((query) =>
      filters.reduce((q, f) => q.filter(f.column, f.operator, f.value), query),
    )
    expect(sent).toBe(
      [
        'search_text=ilike.%hackn%',
        'search_text=ilike.%flat%',
        'type=eq.rent',
        'effective_price=gte.500',
        'effective_price=lte.2000',
        'bedrooms=gte.2',
        'bathrooms=gte.1',
        'parking=is.true',
        'furnished=is.true',
        'offer=is.true',
      ].join('&'),
    )
  })

  it('keeps to available homes when under offer is left out', () => {
    expect(searchFilters({ underOffer: false })).toEqual([
      { column: 'status', operator: 'eq', value: 'available' },
    ])
  })

  it('filters nothing for an empty search', () => {
    expect(searchFilters({})).toEqual([])
  })

  it('keeps the map to its area', () => {
    expect(bboxFilters('-1,50,1,52').map((f) => `${f.column}.${f.operator}.${f.value}`)).toEqual([
      'longitude.gte.-1',
      'longitude.lte.1',
      'latitude.gte.50',
      'latitude.lte.52',
    ])
    expect(bboxFilters('nonsense')).toEqual([])
  })
})

describe('keyset paging', () => {
  const last = aListing(7, { offer: true, regularPrice: 900, discountedPrice: 850 })
  const cursor = cursorOf(last)

  it('starts after the last listing by the price a person pays, then id, in the sort direction', () => {
    expect(cursor.price).toBe(850)
    expect(afterCursor('price-asc', cursor)).toEqual({
      bound: { column: 'effective_price', operator: 'gte', value: 850 },
      or: `effective_price.gt.850,id.gt."${last.id}"`,
    })
    expect(afterCursor('price-desc', cursor)).toEqual({
      bound: { column: 'effective_price', operator: 'lte', value: 850 },
      or: `effective_price.lt.850,id.lt."${last.id}"`,
    })
  })

  it('starts after the last listing by creation time, then id, newest first', () => {
    expect(afterCursor('newest', cursor)).toEqual({
      bound: { column: 'created_at', operator: 'lte', value: last.createdAt },
      or: `created_at.lt."${last.createdAt}",id.lt."${last.id}"`,
    })
  })

  it('under Recently reduced, starts after the last reduced home, the never-reduced homes following by id', () => {
    const reducedAt = '2026-11-03T10:00:00.123456+00:00'
    const reduced = cursorOf(aListing(7, { priceReducedAt: reducedAt }))
    expect(afterCursor('reduced', reduced)).toEqual({
      bound: { column: 'price_reduced_at', operator: 'lte', value: reducedAt },
      or: `price_reduced_at.lt."${reducedAt}",id.lt."${last.id}"`,
      thenNeverReduced: true,
    })
    const never = cursorOf(aListing(7, { priceReducedAt: null }))
    expect(afterCursor('reduced', never)).toEqual({
      bound: { column: 'price_reduced_at', operator: 'is', value: 'null' },
      or: `id.lt."${last.id}"`,
    })
  })

  it('orders Recently reduced by the reduction time, the homes never reduced last', () => {
    const sent = queryString((query) =>
      searchOrder('reduced').reduce((q, { column, ...options }) => q.order(column, options), query),
    )
    expect(sent).toBe('order=price_reduced_at.desc.nullslast,id.desc')
  })

  it('orders by the sort key, then id the same way', () => {
    expect(searchOrder('price-asc')).toEqual([
      { column: 'effective_price', ascending: true },
      { column: 'id', ascending: true },
    ])
    expect(searchOrder('newest')[0]).toEqual({ column: 'created_at', ascending: false })
  })

  it('gives a next cursor only when one more row than a page came back', () => {
    const rows = Array.from({ length: 11 }, (_, i) => aListing(i + 1))
    const page = toSearchPage(rows, 42)
    expect(page.listings).toHaveLength(10)
    expect(page.nextCursor?.id).toBe(rows[9]?.id)
    expect(page.total).toBe(42)
    expect(toSearchPage(rows.slice(0, 10), null).nextCursor).toBeNull()
  })
})
