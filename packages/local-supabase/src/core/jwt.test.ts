import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '../config'
import { rememberVerified, signJwt, signJwtSync, verifyJwt } from './jwt'

describe('jwt', () => {
  it('signs the Supabase CLI local keys byte for byte', () => {
    const claims = (role: string) => ({ iss: 'supabase-demo', role, exp: 1983812996 })
    expect(signJwtSync(claims('anon'), DEFAULT_JWT_SECRET)).toBe(DEFAULT_ANON_KEY)
    expect(signJwtSync(claims('service_role'), DEFAULT_JWT_SECRET)).toBe(DEFAULT_SERVICE_ROLE_KEY)
  })

  it('verifies its own tokens and refuses a wrong secret, a tampered body and an expired token', async () => {
    const now = Math.floor(Date.now() / 1000)
    const token = await signJwt({ sub: 'u1', role: 'authenticated', exp: now + 60 }, DEFAULT_JWT_SECRET)
    expect(await verifyJwt(token, DEFAULT_JWT_SECRET)).toMatchObject({ ok: true, claims: { sub: 'u1' } })
    expect(await verifyJwt(token, `${DEFAULT_JWT_SECRET}x`)).toMatchObject({ ok: false })
    const [h, , s] = token.split('.')
    const forged = `${h}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.${s}`
    expect(await verifyJwt(forged, DEFAULT_JWT_SECRET)).toMatchObject({ ok: false })
    const old = await signJwt({ role: 'anon', exp: now - 120 }, DEFAULT_JWT_SECRET)
    expect(await verifyJwt(old, DEFAULT_JWT_SECRET)).toMatchObject({ ok: false, expired: true })
    expect(await verifyJwt('not-a-jwt', DEFAULT_JWT_SECRET)).toMatchObject({ ok: false, expired: false })
  })

  describe('a token verified once', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('is answered from memory until it expires, then refused as expired (with the same 30 s of skew)', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      const now = Math.floor(Date.now() / 1000)
      const token = await signJwt({ sub: 'u2', role: 'authenticated', exp: now + 60 }, DEFAULT_JWT_SECRET)
      expect(await verifyJwt(token, DEFAULT_JWT_SECRET)).toMatchObject({ ok: true, claims: { sub: 'u2' } })
      vi.setSystemTime((now + 60 + 29) * 1000)
      expect(await verifyJwt(token, DEFAULT_JWT_SECRET)).toMatchObject({ ok: true, claims: { sub: 'u2' } })
      vi.setSystemTime((now + 60 + 31) * 1000)
      expect(await verifyJwt(token, DEFAULT_JWT_SECRET)).toMatchObject({ ok: false, expired: true })
    })

    it('is kept per key: the same token is still refused with another secret', async () => {
      const token = await signJwt({ sub: 'u3', role: 'anon' }, DEFAULT_JWT_SECRET)
      expect(await verifyJwt(token, DEFAULT_JWT_SECRET)).toMatchObject({ ok: true })
      expect(await verifyJwt(token, `${DEFAULT_JWT_SECRET}x`)).toMatchObject({ ok: false, expired: false })
    })

    it('is verified once, and a failure is not kept', async () => {
      let verifications = 0
      const verify = async () => {
        verifications += 1
        return verifications === 1
          ? ({ ok: false, reason: 'signature is invalid', expired: false } as const)
          : ({ ok: true, claims: { role: 'anon' } } as const)
      }
      expect(await rememberVerified('test-key', verify)).toMatchObject({ ok: false })
      expect(await rememberVerified('test-key', verify)).toMatchObject({ ok: true })
      expect(await rememberVerified('test-key', verify)).toMatchObject({ ok: true })
      expect(verifications).toBe(2)
    })
  })
})
