import { describe, expect, it } from 'vitest'
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '../config'
import { signJwt, signJwtSync, verifyJwt } from './jwt'

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
})
