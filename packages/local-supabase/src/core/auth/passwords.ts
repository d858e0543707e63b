import { hash, verify } from '@node-rs/argon2'

export const MIN_PASSWORD_LENGTH = 6
export const MAX_PASSWORD_LENGTH = 72

export type PasswordCheck =
  | { ok: true }
  | { ok: false; kind: 'weak'; message: string; reasons: string[] }
  | { ok: false; kind: 'too_long'; message: string }

/** The local password policy: config.toml's `minimum_password_length = 6`, GoTrue's 72-character cap. */
export function checkPassword(password: string): PasswordCheck {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return {
      ok: false,
      kind: 'weak',
      message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      reasons: ['length'],
    }
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return {
      ok: false,
      kind: 'too_long',
      message: `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    }
  }
  return { ok: true }
}

/** New hashes are argon2id (PHC string), which GoTrue also verifies. */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export const isBcryptHash = (stored: string) => /^\$2[abxy]?\$/.test(stored)
export const isArgon2Hash = (stored: string) => stored.startsWith('$argon2')

/** Verifies an argon2 hash; bcrypt hashes are verified in SQL (pgcrypto) by the caller. */
export async function verifyArgon2(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}
