import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit'

describe('rate limiter', () => {
  it('allows the limit per window and key, then refuses until the window passes', () => {
    let now = 0
    const limiter = new RateLimiter(2, 1000, () => now)
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([true, true, false])
    expect(limiter.hit('b')).toBe(true)
    now = 1000
    expect(limiter.hit('a')).toBe(true)
  })
})
