import { safeRedirect } from '../../utils/safe-redirect'

const AUTH_SCREENS = ['/sign-in', '/sign-up', '/forgot-password', '/reset-password']

/**
 * Where to go once signed in: the `redirect` search value when it is a path of this app, else /profile.
 * The account screens themselves are never a target (a signed-in visitor would bounce between them).
 */
export function signInTarget(redirect: unknown): string {
  const target = safeRedirect(redirect, '/profile')
  const path = target.split(/[?#]/)[0] ?? ''
  return AUTH_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`)) ? '/profile' : target
}
