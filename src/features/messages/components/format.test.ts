import { describe, expect, it } from 'vitest'
import { conversationPrice, formatWhen, otherPartyName } from './format'

describe('conversationPrice', () => {
  it('shows rent by the month and a sale as a sum, nothing for a removed listing', () => {
    expect(conversationPrice(1500, 'rent')).toBe('£1,500 / month')
    expect(conversationPrice(450000, 'sale')).toBe('£450,000')
    expect(conversationPrice(null, null)).toBe('')
  })
})

describe('formatWhen', () => {
  it('shows the time today, and the day before that', () => {
    const now = new Date(2026, 10, 25, 18, 0)
    expect(formatWhen(new Date(2026, 10, 25, 9, 5).toISOString(), now)).toBe('09:05')
    expect(formatWhen(new Date(2026, 10, 24, 21, 30).toISOString(), now)).toBe('24 Nov, 21:30')
  })
})

describe('otherPartyName', () => {
  it('names a person who deleted their account `Deleted user`, else by their name', () => {
    expect(otherPartyName({ other_id: null, other_name: null }, 'Someone')).toBe('Deleted user')
    expect(otherPartyName({ other_id: 'a', other_name: 'Ben Carter' }, 'Someone')).toBe('Ben Carter')
    expect(otherPartyName({ other_id: 'a', other_name: null }, 'Someone')).toBe('Someone')
  })
})
