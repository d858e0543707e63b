import { describe, expect, it } from 'vitest'
import { keywordTokens, matchesKeywords, searchTokens } from './keywords'

describe('keywords', () => {
  it('folds case and accents by one table and splits on everything else', () => {
    expect(keywordTokens('Café in Ørsted-Łódź, GARDEN; 2-bed')).toEqual([
      'cafe',
      'in',
      'orsted',
      'lodz',
      'garden',
      '2',
      'bed',
    ])
    expect(keywordTokens('  ')).toEqual([])
  })

  it('matches each search token as the start of a token of the listing', () => {
    const own = keywordTokens('Sunny garden flat near the café')
    expect(matchesKeywords(own, searchTokens('gard cafe'))).toBe(true)
    expect(matchesKeywords(own, searchTokens('arden'))).toBe(false)
    expect(matchesKeywords(own, searchTokens('garden loft'))).toBe(false)
  })
})
