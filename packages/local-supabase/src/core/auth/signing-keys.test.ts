import { decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import { signJwt } from '../jwt'
import { es256KeyOf, publicJwks, signAccessToken, verifyAccessToken } from './signing-keys'

const secret = 'a-secret-of-at-least-thirty-two-characters'
const es256 = { secret, algorithm: 'ES256' } as const
const hs256 = { secret, algorithm: 'HS256' } as const
const now = () => Math.floor(Date.now() / 1000)

describe('access-token signing keys', () => {
  it('derives the same ES256 key from the same secret, and another from another', () => {
    expect(es256KeyOf(secret).kid).toBe(es256KeyOf(secret).kid)
    expect(es256KeyOf(`${secret}!`).kid).not.toBe(es256KeyOf(secret).kid)
  })

  it('signs ES256 with a kid the JWKS publishes, and verifies it', async () => {
    const token = await signAccessToken({ sub: 'u', exp: now() + 60 }, es256)
    const header = decodeProtectedHeader(token)
    expect(header.alg).toBe('ES256')
    expect(publicJwks(es256).keys.map((k) => (k as { kid?: string }).kid)).toEqual([header.kid])
    expect(await verifyAccessToken(token, es256)).toMatchObject({ ok: true, claims: { sub: 'u' } })
  })

  it('still takes HS256 tokens (the API keys) when signing with ES256', async () => {
    const token = await signJwt({ role: 'anon', exp: now() + 60 }, secret)
    expect((await verifyAccessToken(token, es256)).ok).toBe(true)
  })

  it('refuses ES256 tokens when the project signs with HS256, and publishes no key', async () => {
    const token = await signAccessToken({ sub: 'u', exp: now() + 60 }, es256)
    expect((await verifyAccessToken(token, hs256)).ok).toBe(false)
    expect(publicJwks(hs256).keys).toEqual([])
  })

  it('refuses a tampered or expired ES256 token', async () => {
    const token = await signAccessToken({ sub: 'u', exp: now() + 60 }, es256)
    const [head, , sig] = token.split('.')
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: now() + 60 })).toString('base64url')}.${sig}`
    expect(await verifyAccessToken(forged, es256)).toMatchObject({ ok: false })
    const old = await signAccessToken({ sub: 'u', exp: now() - 120 }, es256)
    expect(await verifyAccessToken(old, es256)).toMatchObject({ ok: false, expired: true })
  })
})
