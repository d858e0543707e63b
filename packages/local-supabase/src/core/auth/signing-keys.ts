import {
  createECDH,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
} from 'node:crypto'
import { decodeProtectedHeader, type JWK, jwtVerify, SignJWT } from 'jose'
import { type JwtPayload, rememberVerified, signJwt, type VerifiedJwt, verifyJwt } from '../jwt'

/** How Auth signs access tokens: the project secret (HS256), or an asymmetric P-256 key (ES256). */
export type SigningAlgorithm = 'HS256' | 'ES256'

export type Es256Key = { kid: string; privateKey: KeyObject; publicKey: KeyObject; publicJwk: JWK }

const SKEW_SECONDS = 30
const cache = new Map<string, Es256Key>()

/**
 * The project's ES256 signing key, derived from its JWT secret so that it is the same on every start
 * and needs no file: the private scalar is an HMAC of the secret (a 256-bit value below the curve order
 * for all but a negligible share of secrets).
 */
export function es256KeyOf(secret: string): Es256Key {
  const known = cache.get(secret)
  if (known) return known
  const scalar = createHmac('sha256', secret).update('roost local ES256 signing key').digest()
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(scalar)
  const point = ecdh.getPublicKey()
  const x = point.subarray(1, 33).toString('base64url')
  const y = point.subarray(33, 65).toString('base64url')
  const kid = createHash('sha256').update(point).digest('hex').slice(0, 32)
  const jwk = { kty: 'EC', crv: 'P-256', x, y }
  const privateKey = createPrivateKey({ key: { ...jwk, d: scalar.toString('base64url') }, format: 'jwk' })
  const publicKey = createPublicKey({ key: jwk, format: 'jwk' })
  const key: Es256Key = {
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...jwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
  }
  cache.set(secret, key)
  return key
}

export type TokenKeys = { secret: string; algorithm: SigningAlgorithm }

/** The keys of a stack's configuration. */
export const tokenKeysOf = (config: {
  jwtSecret: string
  authSigningAlgorithm: SigningAlgorithm
}): TokenKeys => ({
  secret: config.jwtSecret,
  algorithm: config.authSigningAlgorithm,
})

/** Signs an access token with the configured algorithm (ES256 tokens name their key in `kid`). */
export async function signAccessToken(payload: JwtPayload, keys: TokenKeys): Promise<string> {
  if (keys.algorithm === 'HS256') return signJwt(payload, keys.secret)
  const key = es256KeyOf(keys.secret)
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
    .sign(key.privateKey)
}

/**
 * Verifies a token signed by this project: HS256 with the secret (the API keys, and user tokens of an
 * HS256 project) or, when the project signs with ES256, ES256 with its key. Never throws.
 */
export async function verifyAccessToken(token: string, keys: TokenKeys): Promise<VerifiedJwt> {
  let alg: unknown
  let kid: unknown
  try {
    ;({ alg, kid } = decodeProtectedHeader(token))
  } catch {
    return { ok: false, reason: 'token is malformed', expired: false }
  }
  if (alg !== 'ES256') return verifyJwt(token, keys.secret)
  const key = es256KeyOf(keys.secret)
  if (keys.algorithm !== 'ES256' || kid !== key.kid) {
    return { ok: false, reason: 'signature is invalid', expired: false }
  }
  return rememberVerified(`ES256\n${keys.secret}\n${token}`, () => verifyEs256(token, key))
}

async function verifyEs256(token: string, key: Es256Key): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ['ES256'],
      clockTolerance: SKEW_SECONDS,
    })
    return { ok: true, claims: payload as JwtPayload }
  } catch (error) {
    const name = (error as { code?: string }).code
    if (name === 'ERR_JWT_EXPIRED') return { ok: false, reason: 'token is expired', expired: true }
    if (name === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') {
      return { ok: false, reason: 'signature is invalid', expired: false }
    }
    return { ok: false, reason: 'token is malformed', expired: false }
  }
}

/** The public keys `/.well-known/jwks.json` publishes: none for HS256 (a secret is never published). */
export function publicJwks(keys: TokenKeys): { keys: JWK[] } {
  return { keys: keys.algorithm === 'ES256' ? [es256KeyOf(keys.secret).publicJwk] : [] }
}
