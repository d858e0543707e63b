import { expect, it } from 'vitest'
import { pluralise } from './pluralise'

it('rooms use the singular form for 1 (spec §2)', () => {
  expect(pluralise(1, 'Bedroom', 'Bedrooms')).toBe('1 Bedroom')
  expect(pluralise(2, 'Bedroom', 'Bedrooms')).toBe('2 Bedrooms')
  expect(pluralise(1, 'Bathroom', 'Bathrooms')).toBe('1 Bathroom')
  expect(pluralise(3, 'Bathroom', 'Bathrooms')).toBe('3 Bathrooms')
})
