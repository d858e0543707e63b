import { describe, expect, it } from 'vitest'
import { formatAge } from './format-age'

describe('the offline banner says how fresh the data on the device is', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0)
  it('reads as just now under a minute', () => {
    expect(formatAge(now - 59_000, now)).toBe('just now')
  })
  it('counts minutes, hours and days, singular and plural', () => {
    expect(formatAge(now - 60_000, now)).toBe('1 minute ago')
    expect(formatAge(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect(formatAge(now - 3 * 3_600_000, now)).toBe('3 hours ago')
    expect(formatAge(now - 26 * 3_600_000, now)).toBe('1 day ago')
  })
  it('treats a clock that went backwards as just now', () => {
    expect(formatAge(now + 10_000, now)).toBe('just now')
  })
})
