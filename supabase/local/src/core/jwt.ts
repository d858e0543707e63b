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

/** Verifies an HS256 token against the project secret; never throws. */
export async function verifyJwt(token: string, secret: string): Promise<VerifiedJwt> {
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
