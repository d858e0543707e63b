import { describe, expect, it } from 'vitest'
import { globToRegExp, isRedirectAllowed, resolveRedirect, withFragment, withQuery } from './redirect'

const policy = {
  siteUrl: 'http://localhost:4173',
  allowList: [
    'http://localhost:5173/**',
    'https://*.roost.example/auth/*',
    'https://app.roost.example/{a,b}/cb',
  ],
}

describe('redirect allow-list', () => {
  it('allows the site URL host on any path and port', () => {
    expect(isRedirectAllowed('http://localhost:4173/profile', policy)).toBe(true)
    expect(isRedirectAllowed('http://localhost:9999/x', policy)).toBe(true)
  })

  it('allows loopback IPs', () => {
    expect(isRedirectAllowed('http://127.0.0.1:3000/cb', policy)).toBe(true)
    expect(isRedirectAllowed('http://[::1]:3000/cb', policy)).toBe(true)
  })

  it('matches ** across segments and * within one segment, as gobwas/glob with . and / separators', () => {
    expect(isRedirectAllowed('http://localhost:5173/a/b/c', policy)).toBe(true)
    expect(isRedirectAllowed('https://preview.roost.example/auth/callback', policy)).toBe(true)
    expect(isRedirectAllowed('https://a.b.roost.example/auth/callback', policy)).toBe(false)
    expect(isRedirectAllowed('https://preview.roost.example/auth/callback/more', policy)).toBe(false)
    expect(isRedirectAllowed('https://app.roost.example/a/cb', policy)).toBe(true)
    expect(isRedirectAllowed('https://app.roost.example/c/cb', policy)).toBe(false)
  })

  it('refuses other hosts and non-http schemes', () => {
    expect(isRedirectAllowed('https://evil.example.com/steal', policy)).toBe(false)
    expect(isRedirectAllowed('javascript:alert(1)', policy)).toBe(false)
    expect(isRedirectAllowed('not a url', policy)).toBe(false)
  })

  it('falls back to the site URL silently', () => {
    expect(resolveRedirect('https://evil.example.com', policy)).toBe('http://localhost:4173')
    expect(resolveRedirect(undefined, policy)).toBe('http://localhost:4173')
    expect(resolveRedirect('http://localhost:5173/x', policy)).toBe('http://localhost:5173/x')
  })

  it('escapes regex characters in globs', () => {
    expect(globToRegExp('http://a.com/x?y').test('http://a.com/xzy')).toBe(true)
    expect(globToRegExp('http://a.com/(x)').test('http://a.com/(x)')).toBe(true)
    expect(globToRegExp('http://a.com/x').test('http://aXcom/x')).toBe(false)
  })
})

describe('redirect URLs', () => {
  it('puts implicit-flow params in the hash, sorted, replacing any hash', () => {
    expect(withFragment('http://a.test/cb#old', { type: 'recovery', access_token: 't', sb: '' })).toBe(
      'http://a.test/cb#access_token=t&sb=&type=recovery',
    )
  })

  it('adds the PKCE code to the query, keeping what is there', () => {
    expect(withQuery('http://a.test/cb?next=%2Fprofile', { code: 'abc' })).toBe(
      'http://a.test/cb?next=%2Fprofile&code=abc',
    )
  })
})
