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

/** Does the work of checking a password against a hash no account has, for unknown emails. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password no account has')
  await verifyArgon2(await decoy, password || ' ')
}
