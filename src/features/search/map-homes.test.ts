import { describe, expect, it } from 'vitest'
import { aListingRow } from '../../testing/listing-factory'
import { MAP_HOME_COLUMNS, parseListingRows, parseMapHomeRows } from '../../types/listing'
import { toMapHome, toMapHomes } from './map-homes'

const row = aListingRow({
  description: 'A long description the map never shows.',
  offer: true,
  regular_price: 1500,
  discounted_price: 1400,
  image_urls: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
})

/**
 * A row as the map selects it: only MAP_HOME_COLUMNS, cover_url being the first of image_urls as
 * market_listings computes it (tests/integration/market-listings-view.test.ts checks the view).
 */
const mapColumnsOf = (whole: Record<string, unknown>) => {
  const view = { ...whole, cover_url: (whole.image_urls as string[])[0] ?? null }
  return Object.fromEntries(
    MAP_HOME_COLUMNS.split(',').map((column) => [column, view[column as keyof typeof view]]),
  )
}

describe('the search map’s homes', () => {
  it('select no description, the bulk of a row, and only the cover of the pictures', () => {
    expect(MAP_HOME_COLUMNS.split(',')).not.toContain('description')
    expect(MAP_HOME_COLUMNS.split(',')).not.toContain('image_urls')
    expect(MAP_HOME_COLUMNS.split(',')).toContain('cover_url')
  })

  it('are the same homes from the map’s columns as from whole rows, on offer or not, with or without pictures', () => {
    const rows = [
      row,
      { ...row, id: '5eed0000-0000-4000-8000-000000000002', offer: false, discounted_price: 1200 },
      { ...row, id: '5eed0000-0000-4000-8000-000000000003', type: 'sale', image_urls: [] },
    ]
    const fromMapColumns = parseMapHomeRows(rows.map(mapColumnsOf)).map(toMapHome)
    expect(fromMapColumns).toEqual(toMapHomes(parseListingRows(rows)))
    expect(fromMapColumns.map((home) => [home.price, home.coverUrl])).toEqual([
      [1400, 'https://example.com/a.jpg'],
      [1500, 'https://example.com/a.jpg'],
      [1400, null],
    ])
  })

  it('refuse a row that breaks the contract, naming its bad columns', () => {
    const { latitude: _latitude, ...withoutLatitude } = mapColumnsOf(row)
    expect(() => parseMapHomeRows([{ ...withoutLatitude, offer: 'yes' }])).toThrow(
      'Map home row 0 from the API has bad columns: offer, latitude',
    )
    expect(() => parseMapHomeRows([{ ...mapColumnsOf(row), cover_url: 7 }])).toThrow(
      'Map home row 0 from the API has bad columns: cover_url',
    )
    expect(() => parseMapHomeRows({ rows: [] })).toThrow(/not a list/)
  })
})
