import { describe, expect, it } from 'vitest'
import {
  accessTokenClaims,
  type IdentityRecord,
  identityJson,
  mergeMetadata,
  type UserRecord,
  userJson,
} from './user-json'

const at = new Date('2025-01-02T03:04:05.000Z')
const user: UserRecord = {
  id: 'u1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ada@example.com',
  phone: null,
  email_confirmed_at: at,
  phone_confirmed_at: null,
  confirmed_at: at,
  confirmation_sent_at: null,
  recovery_sent_at: null,
  email_change: '',
  email_change_sent_at: null,
  invited_at: null,
  last_sign_in_at: at,
  raw_app_meta_data: { provider: 'email', providers: ['email'] },
  raw_user_meta_data: { name: 'Ada' },
  created_at: at,
  updated_at: at,
  banned_until: null,
  deleted_at: null,
  is_anonymous: false,
}
const identity: IdentityRecord = {
  id: 'i1',
  provider_id: 'u1',
  user_id: 'u1',
  identity_data: { sub: 'u1' },
  provider: 'email',
  last_sign_in_at: at,
  created_at: at,
  updated_at: at,
  email: 'ada@example.com',
}

describe('user JSON', () => {
  it('has GoTrue fields, "" for a missing phone, and omits null timestamps and empty new_email', () => {
    const json = userJson(user, [identity])
    expect(json).toMatchObject({
      id: 'u1',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ada@example.com',
      phone: '',
      email_confirmed_at: '2025-01-02T03:04:05.000Z',
      confirmed_at: '2025-01-02T03:04:05.000Z',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada' },
      is_anonymous: false,
    })
    expect(json).not.toHaveProperty('recovery_sent_at')
    expect(json).not.toHaveProperty('new_email')
    expect(json).not.toHaveProperty('encrypted_password')
  })

  it('swaps identity ids as GoTrue does: id is the provider id, identity_id the row id', () => {
    expect(identityJson(identity)).toMatchObject({ identity_id: 'i1', id: 'u1', provider: 'email' })
  })

  it('makes access-token claims with a string aud and exp = iat + expiry', () => {
    const claims = accessTokenClaims({
      user,
      sessionId: 's1',
      amr: [{ method: 'password', timestamp: 1 }],
      issuer: 'http://127.0.0.1:54321/auth/v1',
      issuedAt: 1000,
      expirySeconds: 3600,
    })
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iat: 1000,
      exp: 4600,
      phone: '',
      session_id: 's1',
      aal: 'aal1',
    })
  })

  it('merges metadata, deleting keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 })
  })
})
