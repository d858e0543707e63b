import { createHash } from 'node:crypto'

export type ChallengeMethod = 's256' | 'plain'

export type PkceParams =
  | { kind: 'none' }
  | { kind: 'pkce'; challenge: string; method: ChallengeMethod }
  | { kind: 'invalid'; message: string }

const CHALLENGE = /^[a-zA-Z0-9._~-]{43,128}$/

/** Reads `code_challenge` + `code_challenge_method` as GoTrue validates them (method case-insensitive). */
export function readPkceParams(challenge: unknown, method: unknown): PkceParams {
  const hasChallenge = typeof challenge === 'string' && challenge !== ''
  const hasMethod = typeof method === 'string' && method !== ''
  if (!hasChallenge && !hasMethod) return { kind: 'none' }
  if (!hasChallenge || !hasMethod) {
    return { kind: 'invalid', message: 'PKCE flow requires code_challenge_method and code_challenge' }
  }
  const normalized = method.toLowerCase()
  if (normalized !== 's256' && normalized !== 'plain') {
    return { kind: 'invalid', message: 'code challenge method not supported' }
  }
  if (!CHALLENGE.test(challenge)) {
    return { kind: 'invalid', message: 'code challenge has to be between 43 and 128 characters' }
  }
  return { kind: 'pkce', challenge, method: normalized }
}

/** True when the verifier answers the stored challenge (RFC 7636). */
export function verifierMatches(method: string, challenge: string, verifier: string): boolean {
  if (method === 'plain') return verifier === challenge
  if (method === 's256') return createHash('sha256').update(verifier).digest('base64url') === challenge
  return false
}
