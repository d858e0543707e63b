import { expect, it } from 'vitest'
import { formatHomeCount } from './format-home-count'

it('says "1 home", and counts exactly below 1,000', () => {
  expect(formatHomeCount(0)).toBe('0 homes')
  expect(formatHomeCount(1)).toBe('1 home')
  expect(formatHomeCount(2)).toBe('2 homes')
  expect(formatHomeCount(999)).toBe('999 homes')
})

it('says "1,000+ homes" from 1,000 on, whatever the count', () => {
  expect(formatHomeCount(1000)).toBe('1,000+ homes')
  expect(formatHomeCount(1001)).toBe('1,000+ homes')
  expect(formatHomeCount(1234)).toBe('1,000+ homes')
  expect(formatHomeCount(100000)).toBe('1,000+ homes')
})

it("works from its source alone, as index.html's inline script declares it", () => {
  const declared = new Function(
    `${formatHomeCount.toString()}; return formatHomeCount`,
  )() as typeof formatHomeCount
  expect(declared(1234)).toBe('1,000+ homes')
  expect(declared(12)).toBe('12 homes')
})
