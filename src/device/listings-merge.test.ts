import { describe, expect, it } from 'vitest'
import { aListing } from '../testing/listing-factory'
import { mergePage, newerListing, toEntry } from './listings-merge'

const listing = aListing
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => listing(from + i))
const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id)

describe('the mirror keeps the newest copy of a listing', () => {
  it('takes the incoming copy when it is as new or newer', () => {
    const old = listing(1, { name: 'old', updatedAt: '2026-02-01T00:00:00.000000+00:00' })
    const fresh = listing(1, { name: 'fresh', updatedAt: '2026-03-01T00:00:00.000000+00:00' })
    expect(newerListing(old, fresh).name).toBe('fresh')
    expect(newerListing(undefined, fresh).name).toBe('fresh')
    expect(newerListing(fresh, { ...fresh, name: 'same time' }).name).toBe('same time')
  })
  it('keeps the stored copy when a late answer brings an older version', () => {
    const stored = listing(1, { name: 'edited', updatedAt: '2026-03-01T00:00:00.000000+00:00' })
    expect(newerListing(stored, listing(1, { name: 'never edited' })).name).toBe('edited')
  })
})

describe('a list view keeps its newest-first order as pages arrive', () => {
  it('the first page replaces the top and keeps older stored pages while more exist', () => {
    const stored = range(0, 30).map(toEntry)
    const page = {
      listings: [listing(100, { createdAt: '2026-01-02T00:00:00.000000+00:00' }), ...range(0, 9)],
      hasMore: true,
    }
    const merged = mergePage(stored, page, null)
    expect(ids(merged.entries)).toEqual([...ids(page.listings), ...ids(range(9, 30))])
    expect(merged.complete).toBe(false)
  })
  it('drops listings gone from the stretch a page covers', () => {
    const stored = range(0, 20).map(toEntry)
    const page = { listings: range(0, 10).filter((l) => l.name !== 'Listing 4'), hasMore: true }
    const merged = mergePage(stored, page, null)
    expect(ids(merged.entries)).not.toContain(listing(4).id)
    expect(merged.entries).toHaveLength(19)
  })
  it('a next page (after a cursor) is appended after what came before it', () => {
    const stored = range(0, 10).map(toEntry)
    const merged = mergePage(stored, { listings: range(10, 20), hasMore: true }, toEntry(listing(9)))
    expect(ids(merged.entries)).toEqual(ids(range(0, 20)))
  })
  it('the last page makes the view complete and forgets anything stored after it', () => {
    const stored = range(0, 25).map(toEntry)
    const merged = mergePage(stored, { listings: range(10, 15), hasMore: false }, toEntry(listing(9)))
    expect(ids(merged.entries)).toEqual(ids(range(0, 15)))
    expect(merged.complete).toBe(true)
  })
  it('never lists a listing twice', () => {
    const stored = range(0, 12).map(toEntry)
    const merged = mergePage(stored, { listings: range(5, 15), hasMore: true }, toEntry(listing(4)))
    expect(new Set(ids(merged.entries)).size).toBe(merged.entries.length)
  })
})
