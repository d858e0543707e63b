import { hashPassword, isArgon2Hash, isBcryptHash, verifyArgon2 } from '../passwords'
import type { Sql } from './sql'
import { bcryptMatches, storedPasswordOf } from './user-store'

/** True when the password is the user's: argon2 hashes in Node, bcrypt ones (seeded with pgcrypto) in SQL. */
export async function passwordMatches(sql: Sql, userId: string, password: string): Promise<boolean> {
  const stored = await storedPasswordOf(sql, userId)
  if (isArgon2Hash(stored)) return verifyArgon2(stored, password)
  if (isBcryptHash(stored)) return bcryptMatches(sql, userId, password)
  return false
}

let decoy: Promise<string> | undefined

/** No account has this id (auth.users ids are random v4 UUIDs). */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000'

/**
 * Does the work of checking a password for an unknown email, step for step as `passwordMatches` does for a
 * real account (the stored hash's read, then argon2 against a hash no account has), so neither the hashing
 * nor a round trip to the database tells the two apart, on a quiet server or a busy one.
 */
export async function spendPasswordCheck(sql: Sql, password: string): Promise<void> {
  decoy ??= hashPassword('decoy password no account has')
  await storedPasswordOf(sql, NO_ACCOUNT)
  await verifyArgon2(await decoy, password || ' ')
}
