import { authErrors } from '../../core/auth/errors'
import { checkPassword } from '../../core/auth/passwords'

/** Refuses a password the policy rejects, with GoTrue's error for each case. */
export function assertPasswordAllowed(password: string): void {
  const check = checkPassword(password)
  if (check.ok) return
  if (check.kind === 'weak') throw authErrors.weakPassword(check.message, check.reasons)
  throw authErrors.validation(check.message)
}
