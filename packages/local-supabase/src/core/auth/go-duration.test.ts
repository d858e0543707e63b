import { describe, expect, it } from 'vitest'
import { parseGoDuration } from './go-duration'

describe('parseGoDuration', () => {
  it('reads the units and sums the parts, as Go does', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000)
    expect(parseGoDuration('1h30m')).toBe(5_400_000)
    expect(parseGoDuration('1.5h')).toBe(5_400_000)
    expect(parseGoDuration('90s')).toBe(90_000)
    expect(parseGoDuration('250ms')).toBe(250)
    expect(parseGoDuration('0')).toBe(0)
    expect(parseGoDuration('-1h')).toBe(-3_600_000)
  })

  it('refuses what Go refuses', () => {
    for (const text of ['', '24', 'h', '1d', '1 h', 'none', '1h-30m', '.h']) {
      expect(parseGoDuration(text)).toBeUndefined()
    }
  })
})
