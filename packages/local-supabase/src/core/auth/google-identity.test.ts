import { describe, expect, it } from 'vitest'
import { googleIdentityData, withProvider } from './google-identity'
import { localGoogleSubject } from './tokens'

describe('local Google identities', () => {
  it('carry the name in both name and full_name, like Google profiles', () => {
    const data = googleIdentityData({ subject: '1', email: 'a@b.c', name: 'Ann' })
    expect(data).toMatchObject({
      name: 'Ann',
      full_name: 'Ann',
      email_verified: true,
      sub: '1',
      provider_id: '1',
    })
  })

  it('give one email one stable subject', () => {
    expect(localGoogleSubject('A@b.c')).toBe(localGoogleSubject('a@b.c'))
    expect(localGoogleSubject('a@b.c')).not.toBe(localGoogleSubject('x@b.c'))
  })

  it('add a provider once to app_metadata.providers', () => {
    const linked = withProvider({ provider: 'email', providers: ['email'] }, 'google')
    expect(linked).toEqual({ provider: 'email', providers: ['email', 'google'] })
    expect(withProvider(linked, 'google')).toEqual(linked)
  })
})
