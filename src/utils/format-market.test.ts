import { describe, expect, it } from 'vitest'
import { formatDay, lastStatusText, priceChangeText, reductionText } from './format-market'
import { isRecentlyReduced, statusBadge, statusLabel } from './market-status'

// Local times, so the days are the device's whatever time zone the tests run in.
const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour)
const now = at(2026, 11, 25)

describe('status labels and badges', () => {
  it('names every status, and badges all but Available', () => {
    expect(
      ['available', 'under_offer', 'sold_stc', 'sold', 'let_agreed', 'let'].map((status) => [
        statusLabel(status),
        statusBadge(status),
      ]),
    ).toEqual([
      ['Available', null],
      ['Under offer', 'Under offer'],
      ['Sold STC', 'Sold STC'],
      ['Sold', 'Sold'],
      ['Let agreed', 'Let agreed'],
      ['Let', 'Let'],
    ])
    expect(statusBadge(undefined)).toBeNull()
    expect(statusBadge('auctioned')).toBeNull()
  })
})

describe('Reduced', () => {
  it('holds for 30 days after the price fell', () => {
    expect(isRecentlyReduced(at(2026, 11, 3).toISOString(), now.getTime())).toBe(true)
    expect(isRecentlyReduced(at(2026, 10, 26, 13).toISOString(), now.getTime())).toBe(true)
    expect(isRecentlyReduced(at(2026, 10, 25, 11).toISOString(), now.getTime())).toBe(false)
    expect(isRecentlyReduced(null, now.getTime())).toBe(false)
  })

  it('says by how much and when on the page', () => {
    const reduced = { priceReducedAt: at(2026, 11, 3).toISOString(), priceReducedBy: 50 }
    expect(reductionText(reduced, now)).toBe('Reduced by £50 on 3 Nov')
    expect(reductionText({ ...reduced, priceReducedAt: at(2026, 9, 1).toISOString() }, now)).toBeNull()
    expect(reductionText({ priceReducedAt: null, priceReducedBy: null }, now)).toBeNull()
    expect(reductionText({}, now)).toBeNull()
  })
})

describe('price history lines', () => {
  it('says listed, reduced or increased, the new price and the day', () => {
    expect(
      priceChangeText({ price: 2225, previousPrice: null, changedAt: at(2026, 10, 1).toISOString() }, now),
    ).toBe('Listed at £2,225 on 1 Oct')
    expect(
      priceChangeText({ price: 2000, previousPrice: 2225, changedAt: at(2026, 11, 3).toISOString() }, now),
    ).toBe('Reduced to £2,000 on 3 Nov')
    expect(
      priceChangeText({ price: 2100, previousPrice: 2000, changedAt: at(2026, 11, 5).toISOString() }, now),
    ).toBe('Increased to £2,100 on 5 Nov')
  })

  it('gives the year of a day before this year', () => {
    expect(formatDay(at(2025, 12, 31).toISOString(), now)).toBe('31 Dec 2025')
  })
})

describe('an off-market home', () => {
  it('says its last status and when', () => {
    expect(lastStatusText({ status: 'let', statusChangedAt: at(2026, 11, 3).toISOString() }, now)).toBe(
      'Let on 3 Nov',
    )
  })
})
