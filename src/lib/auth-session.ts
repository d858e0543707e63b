import {
  AUTH_STORAGE_KEY,
  getSupabase,
  hasStoredSession,
  isAuthCallback,
  type Session,
  type SupabaseClient,
  type User,
  whenSupabaseLoads,
} from './supabase'

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

/** Where the app learns who is signed in; the browser's by default. */
export type AuthEnvironment = {
  /** True when there may be a session to read: one is stored, or the address is an auth redirect. */
  mayHaveSession(): boolean
  /** Calls back when another tab stores a session. */
  onSessionStoredElsewhere(callback: () => void): void
  getSupabase(): Promise<SupabaseClient>
  whenSupabaseLoads(listener: (supabase: SupabaseClient) => void): void
}

const browserEnvironment: AuthEnvironment = {
  mayHaveSession: () => hasStoredSession() || isAuthCallback(window.location),
  onSessionStoredElsewhere(callback) {
    window.addEventListener('storage', (event) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue !== null) callback()
    })
  },
  getSupabase,
  whenSupabaseLoads,
}

/**
 * Watches Supabase's auth state for the app's lifetime and tells subscribers when it changes. A visitor with
 * no stored session and no auth redirect is signed out at once, without loading supabase-js; the client
 * loads when a session may exist, when a screen needs it (sign-in, account), or when another tab signs in.
 */
export function createAuthSession(environment: AuthEnvironment = browserEnvironment): AuthSession {
  const mayHaveSession = environment.mayHaveSession()
  let state: AuthState = mayHaveSession ? { status: 'checking' } : { status: 'signedOut' }
  const listeners = new Set<() => void>()
  let resolveFirstCheck = () => {}
  const firstCheck = new Promise<void>((resolve) => {
    resolveFirstCheck = resolve
  })

  const set = (next: AuthState) => {
    state = next
    for (const listener of listeners) listener()
  }

  environment.whenSupabaseLoads((supabase) => {
    supabase.auth
      .getSession()
      .then(({ data, error }) => (error ? null : data.session))
      .catch(() => null)
      .then((session) => {
        if (state.status === 'checking' || (session && state.status === 'signedOut')) set(toState(session))
        resolveFirstCheck()
      })
    supabase.auth.onAuthStateChange((_event, session) => {
      const next = toState(session)
      // Token refreshes keep the same user: only notify when who is signed in changes or the session object does.
      if (next.status === 'signedIn' && state.status === 'signedIn') {
        if (next.session.access_token === state.session.access_token) return
      }
      if (next.status === 'signedOut' && state.status === 'signedOut') return
      set(next)
    })
  })

  if (mayHaveSession) {
    environment.getSupabase().catch(() => {
      if (state.status === 'checking') set({ status: 'signedOut' })
      resolveFirstCheck()
    })
  } else {
    resolveFirstCheck()
  }
  environment.onSessionStoredElsewhere(() => void environment.getSupabase().catch(() => undefined))

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
