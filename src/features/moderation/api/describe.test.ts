import { describe, expect, it } from 'vitest'
import { actionLabel, formatAge } from './describe'

describe("the console's words", () => {
  it('names ages to the minute', () => {
    expect(formatAge(null)).toBe('—')
    expect(formatAge(30)).toBe('just now')
    expect(formatAge(11 * 60 + 5)).toBe('11 min')
    expect(formatAge(2 * 3600 + 5 * 60)).toBe('2 h 5 min')
    expect(formatAge(3 * 86400 + 3600)).toBe('3 d 1 h')
  })

  it('names each audited action', () => {
    expect(actionLabel('take-down')).toBe('Taken down')
    expect(actionLabel('role-granted')).toBe('Made a moderator')
    expect(actionLabel('something new')).toBe('something new')
  })
})
