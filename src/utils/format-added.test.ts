import { describe, expect, it } from 'vitest'
import { formatAdded } from './format-added'

// Local times, so the day boundaries are the device's whatever time zone the tests run in.
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute)

describe('formatAdded', () => {
  const now = at(2026, 11, 23, 9, 30)

  it('says today for a time earlier the same day, and for a time ahead of the clock', () => {
    expect(formatAdded(at(2026, 11, 23, 0, 1).toISOString(), now)).toBe('Added today')
    expect(formatAdded(at(2026, 11, 23, 18).toISOString(), now)).toBe('Added today')
    expect(formatAdded(at(2026, 11, 25).toISOString(), now)).toBe('Added today')
  })

  it('says yesterday for any time on the day before, even less than 24 hours ago', () => {
    expect(formatAdded(at(2026, 11, 22, 23, 59).toISOString(), now)).toBe('Added yesterday')
    expect(formatAdded(at(2026, 11, 22, 0, 0).toISOString(), now)).toBe('Added yesterday')
  })

  it('gives the day and month this year, and the year too before it', () => {
    expect(formatAdded(at(2026, 11, 3).toISOString(), now)).toBe('Added on 3 Nov')
    expect(formatAdded(at(2026, 9, 21).toISOString(), now)).toBe('Added on 21 Sep')
    expect(formatAdded(at(2025, 12, 31).toISOString(), now)).toBe('Added on 31 Dec 2025')
  })

  it('counts calendar days across a new year', () => {
    expect(formatAdded(at(2025, 12, 31, 22).toISOString(), at(2026, 1, 1, 8))).toBe('Added yesterday')
    expect(formatAdded(at(2025, 12, 30).toISOString(), at(2026, 1, 1))).toBe('Added on 30 Dec 2025')
  })

  it('reads the server timestamp format and says nothing for one it cannot read', () => {
    expect(formatAdded('2026-11-03T12:00:00.123456+00:00', now)).toBe('Added on 3 Nov')
    expect(formatAdded('not a date', now)).toBe('')
  })
})
