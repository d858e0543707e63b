import { describe, expect, it } from 'vitest'
import { signInTarget } from './sign-in-target'

describe('after signing in the user goes to the redirect param when it is a path of this app, else /profile', () => {
  it.each([
    [undefined, '/profile'],
    ['/create-listing', '/create-listing'],
    ['/edit-listing/abc?from=profile', '/edit-listing/abc?from=profile'],
    ['/', '/'],
    ['https://evil.example/steal', '/profile'],
    ['//evil.example', '/profile'],
    ['/\\evil.example', '/profile'],
    ['javascript:alert(1)', '/profile'],
    ['profile', '/profile'],
    [42, '/profile'],
  ])('%j → %s', (redirect, expected) => {
    expect(signInTarget(redirect)).toBe(expected)
  })

  it.each(['/sign-in', '/sign-up?redirect=/x', '/forgot-password', '/reset-password#x'])(
    'never sends a signed-in user back to an account screen (%s)',
    (redirect) => {
      expect(signInTarget(redirect)).toBe('/profile')
    },
  )
})
