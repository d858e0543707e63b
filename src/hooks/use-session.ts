import { useRouteContext } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import type { AuthState } from '../lib/auth-session'

/** The current sign-in state; re-renders when the user signs in or out. */
export function useSession(): AuthState {
  const auth = useRouteContext({ from: '__root__', select: (context) => context.auth })
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState)
}

/** The signed-in user's id, or null while checking or when signed out. */
export function useUserId(): string | null {
  const state = useSession()
  return state.status === 'signedIn' ? state.user.id : null
}
