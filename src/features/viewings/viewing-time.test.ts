import { describe, expect, it } from 'vitest'
import { formatClock, formatViewingTime, fromLondon, londonDate } from './viewing-time'

describe('viewing times in London', () => {
  it('reads a winter time as GMT: `Sat 6 Dec, 10:20`', () => {
    expect(formatViewingTime('2025-12-06T10:20:00Z')).toBe('Sat 6 Dec, 10:20')
  })

  it('reads a summer time as BST, an hour ahead of UTC', () => {
    expect(formatViewingTime('2026-06-06T09:20:00Z')).toBe('Sat 6 Jun, 10:20')
    expect(formatClock('2026-06-06T23:30:00Z')).toBe('00:30')
    expect(londonDate('2026-06-06T23:30:00Z')).toBe('2026-06-07')
  })

  it('turns a London wall-clock time into its instant, either side of the clocks’ change', () => {
    expect(fromLondon('2025-12-06', '10:20').toISOString()).toBe('2025-12-06T10:20:00.000Z')
    expect(fromLondon('2026-06-06', '10:20').toISOString()).toBe('2026-06-06T09:20:00.000Z')
    expect(fromLondon('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z')
    expect(fromLondon('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T12:00:00.000Z')
  })
})
