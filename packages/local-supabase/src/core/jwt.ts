import { createHmac } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

const encoder = new TextEncoder()

/** Clock skew PostgREST tolerates on exp, nbf and iat. */
const SKEW_SECONDS = 30

export type JwtPayload = Record<string, unknown>

export async function signJwt(payload: JwtPayload, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret))
}

/** Synchronous HS256 signing, for the static API keys derived at start-up. */
export function signJwtSync(payload: JwtPayload, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

export type VerifiedJwt = { ok: true; claims: JwtPayload } | { ok: false; reason: string; expired: boolean }

/** How many verified tokens `rememberVerified` keeps (PostgREST keeps a cache of verified JWTs too). */
const VERIFIED_TOKENS_KEPT = 1_000
const verifiedTokens = new Map<string, Readonly<JwtPayload>>()

/**
 * A token verified once is not verified again: its claims are kept (keyed by `key`, which names the key
 * it was verified with) and answered until it expires, with the same clock skew. Failures are not kept,
 * so a token is refused for the reason it fails on. The oldest entry goes first when the cache is full.
 */
export async function rememberVerified(
  key: string,
  verify: () => Promise<VerifiedJwt>,
): Promise<VerifiedJwt> {
  const known = verifiedTokens.get(key)
  if (known) {
    if (typeof known.exp !== 'number' || Date.now() / 1000 <= known.exp + SKEW_SECONDS) {
      return { ok: true, claims: known }
    }
    verifiedTokens.delete(key)
    return { ok: false, reason: 'token is expired', expired: true }
  }
  const verified = await verify()
  if (verified.ok) {
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verifiedTokens.keys().next().value
      if (oldest !== undefined) verifiedTokens.delete(oldest)
    }
    verifiedTokens.set(key, Object.freeze(verified.claims))
  }
  return verified
}

/** Verifies an HS256 token against the project secret; never throws. */
export function verifyJwt(token: string, secret: string): Promise<VerifiedJwt> {
  return rememberVerified(`HS256\n${secret}\n${token}`, () => verifyHs256(token, secret))
}

async function verifyHs256(token: string, secret: string): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      clockTolerance: SKEW_SECONDS,
    })
    return { ok: true, claims: payload as JwtPayload }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'token is expired', expired: true }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: 'signature is invalid', expired: false }
    }
    return { ok: false, reason: 'token is malformed', expired: false }
  }
}
