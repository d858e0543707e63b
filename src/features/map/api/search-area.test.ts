import { describe, expect, it } from 'vitest'
import { compactPrice, toBbox, withinArea } from './search-area'

describe('the search map area', () => {
  it('filters longitude between west and east and latitude between south and north', () => {
    const calls: string[] = []
    const query = {
      gte(column: string, value: number) {
        calls.push(`${column}>=${value}`)
        return query
      },
      lte(column: string, value: number) {
        calls.push(`${column}<=${value}`)
        return query
      },
    }
    expect(withinArea(query, [-0.2, 51.4, 0.1, 51.6])).toBe(query)
    expect(calls).toEqual(['longitude>=-0.2', 'longitude<=0.1', 'latitude>=51.4', 'latitude<=51.6'])
  })

  it('clamps bounds past the date line and rounds them for the URL', () => {
    expect(toBbox(-190.123456789, -91, 12.3456789, 51.5000001)).toEqual([-180, -90, 12.34568, 51.5])
  })

  it.each([
    [950, '£950'],
    [1000, '£1k'],
    [1200, '£1.2k'],
    [1250, '£1.3k'],
    [12_500, '£12.5k'],
    [450_000, '£450k'],
    [999_499, '£999k'],
    [999_999, '£1m'],
    [1_250_000, '£1.25m'],
    [2_000_000, '£2m'],
  ])('shows %i as %s on a marker', (price, text) => {
    expect(compactPrice(price)).toBe(text)
  })
})
