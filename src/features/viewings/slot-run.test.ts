import { describe, expect, it } from 'vitest'
import { describeRun, slotStarts } from './slot-run'

describe('a run of viewing times', () => {
  it('Saturday 10:00–12:00, every 20 minutes: six times back to back', () => {
    const run = { date: '2025-12-06', from: '10:00', to: '12:00', minutes: 20 } as const
    expect(slotStarts(run).map((d) => d.toISOString().slice(11, 16))).toEqual([
      '10:00',
      '10:20',
      '10:40',
      '11:00',
      '11:20',
      '11:40',
    ])
    expect(describeRun(run)).toBe('Sat 6 Dec 10:00–12:00, every 20 minutes')
  })

  it('a run that does not divide evenly stops at the last time that ends by its end', () => {
    expect(slotStarts({ date: '2025-12-06', from: '10:00', to: '11:00', minutes: 45 })).toHaveLength(1)
  })

  it('one time when the end is not after the start', () => {
    const run = { date: '2026-06-06', from: '10:20', to: '10:20', minutes: 30 } as const
    expect(slotStarts(run).map((d) => d.toISOString())).toEqual(['2026-06-06T09:20:00.000Z'])
    expect(describeRun(run)).toBe('Sat 6 Jun, 10:20 (30 minutes)')
  })
})
