import { describe, expect, it, vi } from 'vitest'
import { type AuthEnvironment, createAuthSession } from './auth-session'
import { isAuthCallback, type Session, type SupabaseClient } from './supabase'

const session = (token: string) => ({ access_token: token, user: { id: 'user-1' } }) as unknown as Session

/** A stand-in for supabase-js's auth: a stored session, and a way to play auth events. */
function fakeSupabase(stored: Session | null) {
  let emit: (session: Session | null) => void = () => {}
  const client = {
    auth: {
      getSession: async () => ({ data: { session: stored }, error: null }),
      onAuthStateChange(callback: (event: string, session: Session | null) => void) {
        emit = (next) => callback(next ? 'SIGNED_IN' : 'SIGNED_OUT', next)
        return { data: { subscription: { unsubscribe() {} } } }
      },
    },
  } as unknown as SupabaseClient
  return { client, emit: (next: Session | null) => emit(next) }
}

/** The browser as auth-session sees it: whether a session may be stored, and the lazily loaded client. */
function fakeEnvironment(mayHaveSession: boolean, supabase: SupabaseClient) {
  const loadListeners: ((client: SupabaseClient) => void)[] = []
  let storedElsewhere = () => {}
  let loaded: Promise<SupabaseClient> | undefined
  const getSupabase = vi.fn(() => {
    loaded ??= Promise.resolve(supabase).then((client) => {
      for (const listener of loadListeners) listener(client)
      return client
    })
    return loaded
  })
  const environment: AuthEnvironment = {
    mayHaveSession: () => mayHaveSession,
    onSessionStoredElsewhere: (callback) => {
      storedElsewhere = callback
    },
    getSupabase,
    whenSupabaseLoads: (listener) => loadListeners.push(listener),
  }
  return { environment, getSupabase, signInElsewhere: () => storedElsewhere() }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the sign-in state without downloading supabase-js for visitors', () => {
  it('a visitor with no stored session is signed out at once and the client is never loaded', async () => {
    const { environment, getSupabase } = fakeEnvironment(false, fakeSupabase(null).client)
    const auth = createAuthSession(environment)
    expect(auth.getState()).toEqual({ status: 'signedOut' })
    expect(await auth.ready()).toEqual({ status: 'signedOut' })
    expect(getSupabase).not.toHaveBeenCalled()
  })

  it('a stored session is checking first, then signed in once supabase-js has read it', async () => {
    const { environment, getSupabase } = fakeEnvironment(true, fakeSupabase(session('a')).client)
    const auth = createAuthSession(environment)
    expect(auth.getState().status).toBe('checking')
    expect((await auth.ready()).status).toBe('signedIn')
    expect(getSupabase).toHaveBeenCalledOnce()
  })

  it('a stored session that turns out expired and unrefreshable ends signed out', async () => {
    const { environment } = fakeEnvironment(true, fakeSupabase(null).client)
    expect(await createAuthSession(environment).ready()).toEqual({ status: 'signedOut' })
  })

  it('signing in on a form (which loads the client) signs the app in', async () => {
    const supabase = fakeSupabase(null)
    const { environment } = fakeEnvironment(false, supabase.client)
    const auth = createAuthSession(environment)
    const changes = vi.fn()
    auth.subscribe(changes)
    await environment.getSupabase()
    await settle()
    supabase.emit(session('a'))
    expect(auth.getState().status).toBe('signedIn')
    expect(changes).toHaveBeenCalledOnce()
  })

  it('another tab signing in loads the client and signs this tab in too', async () => {
    const { environment, getSupabase, signInElsewhere } = fakeEnvironment(
      false,
      fakeSupabase(session('a')).client,
    )
    const auth = createAuthSession(environment)
    signInElsewhere()
    await settle()
    expect(getSupabase).toHaveBeenCalledOnce()
    expect(auth.getState().status).toBe('signedIn')
  })

  it('a token refresh for the same session does not notify, signing out does', async () => {
    const supabase = fakeSupabase(session('a'))
    const { environment } = fakeEnvironment(true, supabase.client)
    const auth = createAuthSession(environment)
    await auth.ready()
    const changes = vi.fn()
    auth.subscribe(changes)
    supabase.emit(session('a'))
    expect(changes).not.toHaveBeenCalled()
    supabase.emit(null)
    expect(auth.getState()).toEqual({ status: 'signedOut' })
    expect(changes).toHaveBeenCalledOnce()
  })
})

describe('auth redirects make the app load supabase-js to read them', () => {
  it('recognises a PKCE code, implicit tokens and an error description', () => {
    expect(isAuthCallback({ search: '?code=abc', hash: '' })).toBe(true)
    expect(isAuthCallback({ search: '', hash: '#access_token=x&refresh_token=y' })).toBe(true)
    expect(isAuthCallback({ search: '?error=access_denied&error_description=no', hash: '' })).toBe(true)
    expect(isAuthCallback({ search: '?listingName=Flat', hash: '' })).toBe(false)
  })
})
