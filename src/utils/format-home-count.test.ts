import { expect, it } from 'vitest'
import { formatHomeCount } from './format-home-count'

it('says "1 home", and groups thousands in larger counts', () => {
  expect(formatHomeCount(0)).toBe('0 homes')
  expect(formatHomeCount(1)).toBe('1 home')
  expect(formatHomeCount(2)).toBe('2 homes')
  expect(formatHomeCount(1234)).toBe('1,234 homes')
  expect(formatHomeCount(100000)).toBe('100,000 homes')
})
