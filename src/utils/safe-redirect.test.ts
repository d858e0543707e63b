import { describe, expect, it } from 'vitest'
import { safeRedirect, validateRedirectSearch } from './safe-redirect'

describe('after sign-in the user returns only to a page of this app', () => {
  it.each([
    ['/profile', '/profile'],
    ['/edit-listing/abc?x=1', '/edit-listing/abc?x=1'],
    ['//evil.example/path', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/\\evil.example', '/'],
    [undefined, '/'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
  })

  it('keeps only a string redirect in the search', () => {
    expect(validateRedirectSearch({ redirect: '/profile' })).toEqual({ redirect: '/profile' })
    expect(validateRedirectSearch({ redirect: 3 })).toEqual({})
    // Why the visitor came: one of the known reasons, or nothing.
    expect(validateRedirectSearch({ redirect: '/search', reason: 'save-search' })).toEqual({
      redirect: '/search',
      reason: 'save-search',
    })
    expect(validateRedirectSearch({ reason: 'toString' })).toEqual({})
    expect(validateRedirectSearch({ reason: 'anything' })).toEqual({})
  })
})
