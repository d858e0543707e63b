import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readPkceParams, verifierMatches } from './pkce'

// supabase-js: 112 hex characters, challenge = base64url(sha256(verifier)).
const verifier = 'ab'.repeat(56)
const challenge = createHash('sha256').update(verifier).digest('base64url')

describe('PKCE', () => {
  it('accepts the s256 verifier of the challenge and refuses any other', () => {
    expect(verifierMatches('s256', challenge, verifier)).toBe(true)
    expect(verifierMatches('s256', challenge, 'cd'.repeat(56))).toBe(false)
  })

  it('accepts plain only when verifier equals challenge', () => {
    expect(verifierMatches('plain', verifier, verifier)).toBe(true)
    expect(verifierMatches('plain', challenge, verifier)).toBe(false)
    expect(verifierMatches('other', verifier, verifier)).toBe(false)
  })

  it('reads the method case-insensitively and validates the challenge', () => {
    expect(readPkceParams(challenge, 'S256')).toEqual({ kind: 'pkce', challenge, method: 's256' })
    expect(readPkceParams(null, null)).toEqual({ kind: 'none' })
    expect(readPkceParams(challenge, null).kind).toBe('invalid')
    expect(readPkceParams('short', 's256').kind).toBe('invalid')
    expect(readPkceParams(challenge, 'md5').kind).toBe('invalid')
  })
})
