import { describe, expect, it } from 'vitest'
import { parseQuery } from '../../core/rest/query-params'
import { PatternLane, usesPatternFilter } from './pattern-lane'

const filtersOf = (query: string) => parseQuery(new URLSearchParams(query)).filters

describe('the pattern lane', () => {
  it('knows a regular-expression filter, at any depth of and/or', () => {
    expect(usesPatternFilter(filtersOf('name=match.^a'))).toBe(true)
    expect(usesPatternFilter(filtersOf('or=(type.eq.rent,and(name.imatch.x,offer.is.true))'))).toBe(true)
    expect(usesPatternFilter(filtersOf('name=ilike.*a*&type=eq.rent'))).toBe(false)
  })

  it('runs at most its size at once, and every queued read still runs', async () => {
    const lane = new PatternLane(1)
    let running = 0
    let most = 0
    const work = async () => {
      running += 1
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running -= 1
      return 'done'
    }
    const results = await Promise.all(Array.from({ length: 5 }, () => lane.run(work)))
    expect(results).toEqual(Array(5).fill('done'))
    expect(most).toBe(1)
  })

  it('frees its place when a read fails', async () => {
    const lane = new PatternLane(1)
    await expect(lane.run(() => Promise.reject(new Error('timeout')))).rejects.toThrow('timeout')
    await expect(lane.run(async () => 'next')).resolves.toBe('next')
  })
})
