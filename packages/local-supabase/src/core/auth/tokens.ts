import { createHash, randomBytes, randomInt } from 'node:crypto'

/** An opaque refresh token (GoTrue uses short random strings; these are 128 bits). */
export const newRefreshToken = () => randomBytes(16).toString('base64url')

/** A six-digit one-time code, as config.toml's `otp_length = 6`. */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** GoTrue's token hash for email links: hex SHA-224 of the address followed by the code. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex')

/** Email-link tokens of a PKCE flow carry this prefix, so /verify answers with `?code=`. */
export const PKCE_PREFIX = 'pkce_'

/** A stable Google-style numeric subject for a locally chosen account, so the same email is the same identity. */
export function localGoogleSubject(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest()
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0')}`
}
