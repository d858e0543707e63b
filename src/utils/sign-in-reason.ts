/**
 * Why a visitor was sent to sign in: a link to /sign-in says `reason=<key>`, and the screen says the words,
 * so nobody lands on Welcome Back without knowing what it is for.
 */
export const SIGN_IN_REASONS = {
  'save-search': 'Sign in to save this search',
  message: 'Sign in to message the landlord',
  report: 'Sign in to report this listing',
  'saved-searches': 'Sign in to see your saved searches',
} as const

export type SignInReason = keyof typeof SIGN_IN_REASONS

export function parseSignInReason(value: unknown): SignInReason | undefined {
  return typeof value === 'string' && Object.hasOwn(SIGN_IN_REASONS, value)
    ? (value as SignInReason)
    : undefined
}
