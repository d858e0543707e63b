import { describe, expect, it } from 'vitest'
import { parseHomeSearch } from '../../../types/home-search'
import { CLUSTER_CELLS, clusterCell } from '../map-plan'
import { resultsKey } from '../search-query'
import { type FirstPageAhead, firstPageAheadFor } from './search-homes'

describe('clusterCell', () => {
  it('picks the finest grid with at most 24 cells across the wider side', () => {
    expect(clusterCell([-8.2, 49.9, 1.8, 58.7])).toBe(1)
    expect(clusterCell([-2, 51, 2, 53])).toBe(0.25)
    expect(clusterCell([-0.5, 51.3, 0.3, 51.7])).toBe(0.0625)
    expect(clusterCell([-0.2, 51.45, 0.0, 51.55])).toBe(0.015625)
    expect(clusterCell([-180, -90, 180, 90])).toBe(1)
    expect(CLUSTER_CELLS).toEqual([0.015625, 0.0625, 0.25, 1])
  })
})

describe('firstPageAheadFor', () => {
  it('hands the page asked for ahead to one screen only: a later visit to the same search asks afresh', () => {
    const search = parseHomeSearch({ type: 'rent', q: 'hackney' })
    const page = Promise.resolve({ listings: [], nextCursor: null, total: 0 }) as FirstPageAhead['page']
    const ahead: FirstPageAhead = { key: resultsKey(search), startedAt: Date.now(), page }
    expect(firstPageAheadFor(parseHomeSearch({ type: 'sale' }), ahead)).toBeUndefined()
    expect(firstPageAheadFor(search, ahead)).toBe(page)
    expect(firstPageAheadFor(search, ahead)).toBeUndefined()
  })
})
