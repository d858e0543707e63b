import { describe, expect, it } from 'vitest'
import { statusLabel } from '../utils/market-status'
import { statusesFor, statusForType } from './listing-status'

describe('a listing status', () => {
  it('offers the choices of its type, with the texts of issue #28', () => {
    expect(statusesFor('sale').map(statusLabel)).toEqual(['Available', 'Under offer', 'Sold STC', 'Sold'])
    expect(statusesFor('rent').map(statusLabel)).toEqual(['Available', 'Let agreed', 'Let'])
  })

  it('switching type keeps a status the other type has and resets the others to Available', () => {
    expect(statusForType('sold_stc', 'rent')).toBe('available')
    expect(statusForType('let', 'sale')).toBe('available')
    expect(statusForType('available', 'sale')).toBe('available')
    expect(statusForType('let_agreed', 'rent')).toBe('let_agreed')
  })
})
