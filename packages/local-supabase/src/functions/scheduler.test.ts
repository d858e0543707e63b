import { describe, expect, it } from 'vitest'
import { cronMatches, parseCron } from './scheduler'

const at = (iso: string) => new Date(iso)
function matches(expression: string, iso: string): boolean {
  const spec = parseCron(expression)
  if (spec.kind !== 'cron') throw new Error('not a cron spec')
  return cronMatches(spec, at(iso))
}

describe('pg_cron schedules', () => {
  it('fire every minute for * * * * *', () => {
    expect(matches('* * * * *', '2026-11-25T08:00:00Z')).toBe(true)
    expect(matches('* * * * *', '2026-11-25T23:59:30Z')).toBe(true)
  })

  it('read fields in UTC with lists, ranges and steps', () => {
    expect(matches('0 8 * * *', '2026-11-25T08:00:10Z')).toBe(true)
    expect(matches('0 8 * * *', '2026-11-25T08:01:00Z')).toBe(false)
    expect(matches('*/15 * * * *', '2026-11-25T10:45:00Z')).toBe(true)
    expect(matches('*/15 * * * *', '2026-11-25T10:44:00Z')).toBe(false)
    expect(matches('5,10-12 * * * *', '2026-11-25T10:11:00Z')).toBe(true)
    expect(matches('5,10-12 * * * *', '2026-11-25T10:13:00Z')).toBe(false)
    expect(matches('0 0 * 12 *', '2026-12-01T00:00:00Z')).toBe(true)
  })

  it('take either day field when both are restricted, as cron does; 7 is Sunday', () => {
    // 2026-11-29 is a Sunday, the 25th a Wednesday.
    expect(matches('0 9 1 * 7', '2026-11-29T09:00:00Z')).toBe(true)
    expect(matches('0 9 1 * 0', '2026-12-01T09:00:00Z')).toBe(true)
    expect(matches('0 9 1 * 0', '2026-11-25T09:00:00Z')).toBe(false)
    expect(matches('0 9 * * 1-5', '2026-11-29T09:00:00Z')).toBe(false)
  })

  it('accept pg_cron seconds schedules and refuse what pg_cron refuses', () => {
    expect(parseCron('30 seconds')).toEqual({ kind: 'seconds', every: 30 })
    for (const bad of ['60 seconds', '0 seconds', '* * * *', '61 * * * *', 'a * * * *', '5-1 * * * *']) {
      expect(() => parseCron(bad), bad).toThrow()
    }
  })
})
