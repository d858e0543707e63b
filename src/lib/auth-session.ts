import { getCurrentSession, onAuthChange, type Session, type User } from './supabase'

/** The sign-in guard's three states (spec §4). */
export type AuthState =
  | { status: 'checking' }
  | { status: 'signedIn'; session: Session; user: User }
  | { status: 'signedOut' }

export type AuthSession = {
  getState(): AuthState
  subscribe(listener: () => void): () => void
  /** Resolves once the first session check is done; at once afterwards. */
  ready(): Promise<Exclude<AuthState, { status: 'checking' }>>
}

const toState = (session: Session | null): AuthState =>
  session ? { status: 'signedIn', session, user: session.user } : { status: 'signedOut' }

/** Watches Supabase's auth state for the app's lifetime and tells subscribers when it changes. */
export function createAuthSession(): AuthSession {
  let state: AuthState = { status: 'checking' }
  const listeners = new Set<() => void>()

  const set = (next: AuthState) => {
    state = next
    for (const listener of listeners) listener()
  }

  const firstCheck = getCurrentSession()
    .catch(() => null)
    .then((session) => {
      if (state.status === 'checking') set(toState(session))
    })

  onAuthChange((_event, session) => {
    const next = toState(session)
    // Token refreshes keep the same user: only notify when who is signed in changes or the session object does.
    if (next.status === state.status && next.status === 'signedIn' && state.status === 'signedIn') {
      if (next.session.access_token === state.session.access_token) return
    }
    set(next)
  }).catch(() => undefined)

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async ready() {
      await firstCheck
      const current = state
      return current.status === 'checking' ? { status: 'signedOut' } : current
    },
  }
}
