import { describe, expect, it } from 'vitest'
import { getPublicDb } from '../../lib/supabase'
import { aListing } from '../../testing/listing-factory'
import { cursorOf, searchArgs, searchOrder, toSearchPage } from './search-query'

/** The query string postgrest-js sends for the filters (the client is never asked to fetch). */
function queryString(apply: (query: ReturnType<typeof select>) => ReturnType<typeof select>): string {
  const url = (apply(select()) as unknown as { url: URL }).url
  return decodeURIComponent(url.search.replace(/^\?select=id&?/, ''))
}
const db = await getPublicDb()
const select = () => db.from('listings').select('id')

describe('searchArgs', () => {
  it('sends the server every filter as the URL holds it, without text, sort and view', () => {
    expect(
      searchArgs({
        q: 'york',
        place: 2633352,
        radius: '3',
        keywords: 'garden',
        area: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
        type: 'rent',
        minPrice: 500,
        maxPrice: 2000,
        minBeds: 2,
        minBaths: 1,
        parking: true,
        furnished: true,
        offer: true,
        underOffer: false,
        sort: 'price-asc',
        view: 'map',
        bbox: '-1,50,1,52',
      }),
    ).toEqual({
      place: 2633352,
      radius: '3',
      keywords: 'garden',
      area: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
      type: 'rent',
      minPrice: 500,
      maxPrice: 2000,
      minBeds: 2,
      minBaths: 1,
      parking: true,
      furnished: true,
      offer: true,
      underOffer: false,
      bbox: '-1,50,1,52',
    })
  })

  it('sends nothing for an empty search', () => {
    expect(searchArgs({ sort: 'reduced' })).toEqual({})
  })
})

describe('keyset paging', () => {
  const last = aListing(7, { offer: true, regularPrice: 900, discountedPrice: 850 })
  const cursor = cursorOf(last)

  it('starts after the last listing: its price a person pays, creation and reduction times and id', () => {
    expect(cursor).toEqual({ createdAt: last.createdAt, price: 850, reducedAt: null, id: last.id })
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
