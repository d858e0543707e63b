import { describe, expect, it } from 'vitest'
import { aListing } from '../../../testing/listing-factory'
import { afterCursor, afterCursorFilter, PAGE_SIZE, toPage } from './listings-keyset'

const listing = aListing
const rows = (count: number) => Array.from({ length: count }, (_, i) => listing(i))

describe('pagination: 10 a page, an 11th row means Load More shows (spec §4, §9)', () => {
  it('keeps 10 and remembers the 10th as the cursor when 11 came back', () => {
    const page = toPage(rows(PAGE_SIZE + 1))
    expect(page.listings).toHaveLength(10)
    expect(page.nextCursor).toEqual({ createdAt: listing(9).createdAt, id: listing(9).id })
  })
  it('has no next page when exactly 10 came back (no extra empty round trip)', () => {
    expect(toPage(rows(10)).nextCursor).toBeNull()
  })
  it('has no next page for a short or empty page', () => {
    expect(toPage(rows(3))).toMatchObject({ nextCursor: null })
    expect(toPage([])).toEqual({ listings: [], nextCursor: null })
  })
})

describe('the next page starts strictly after the cursor in (created_at desc, id desc) order', () => {
  it('breaks timestamp ties by id and quotes the values', () => {
    expect(afterCursorFilter({ createdAt: '2026-01-01T10:00:00.5+00:00', id: 'abc' })).toBe(
      'created_at.lt."2026-01-01T10:00:00.5+00:00",and(created_at.eq."2026-01-01T10:00:00.5+00:00",id.lt."abc")',
    )
  })
})

describe('a later page starts at the cursor in the index, not after reading every earlier row', () => {
  it('adds a created_at <= cursor bound beside the exact `or` filter', () => {
    const calls: string[] = []
    const query = {
      lte(column: 'created_at', value: string) {
        calls.push(`lte ${column} ${value}`)
        return query
      },
      or(filters: string) {
        calls.push(`or ${filters}`)
        return query
      },
    }
    const cursor = { createdAt: '2026-01-01T10:00:00.5+00:00', id: 'abc' }
    afterCursor(query, cursor)
    expect(calls).toEqual([`lte created_at ${cursor.createdAt}`, `or ${afterCursorFilter(cursor)}`])
  })
})
