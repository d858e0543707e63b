import { parseSignInReason, type SignInReason } from './sign-in-reason'

/** A same-origin path to return to after signing in; anything else (other hosts, odd schemes) becomes "/". */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.includes('\\')
  ) {
    return fallback
  }
  return target
}

/** Search params of screens that send the user back where they were going (sign-in, sign-up). */
export type RedirectSearch = { redirect?: string; reason?: SignInReason }

export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  const reason = parseSignInReason(search.reason)
  return {
    ...(typeof search.redirect === 'string' ? { redirect: safeRedirect(search.redirect) } : {}),
    ...(reason ? { reason } : {}),
  }
}
