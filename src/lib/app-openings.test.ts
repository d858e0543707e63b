import { describe, expect, it, vi } from 'vitest'
import { NOTE_EVERY_MS, type OpeningsEnvironment, watchAppOpenings } from './app-openings'
import type { AuthSession, AuthState } from './auth-session'
import type { Session, User } from './supabase'

function fakeAuth(initial: AuthState) {
  let state = initial
  const listeners = new Set<() => void>()
  const auth: AuthSession = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ready: async () => (state.status === 'checking' ? { status: 'signedOut' } : state),
  }
  const set = (next: AuthState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return { auth, set }
}

const signedIn = (id: string): AuthState => ({
  status: 'signedIn',
  session: { access_token: id } as Session,
  user: { id } as User,
})

function fakeEnvironment(note: () => Promise<void> = async () => undefined) {
  let clock = 1_000_000
  let shown = () => {}
  const stored = new Map<string, number>()
  const environment: OpeningsEnvironment = {
    now: () => clock,
    onShown: (callback) => {
      shown = callback
    },
    lastNoted: (userId) => stored.get(userId),
    setLastNoted: (userId, at) => void stored.set(userId, at),
    note: vi.fn(note),
  }
  return {
    environment,
    show: () => shown(),
    advance: (ms: number) => {
      clock += ms
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  }
}

describe('watchAppOpenings', () => {
  it('tells the server at start and then at most once an hour, on showing the app again', async () => {
    const { auth } = fakeAuth(signedIn('a'))
    const device = fakeEnvironment()
    watchAppOpenings(auth, device.environment)
    await device.settle()
    expect(device.environment.note).toHaveBeenCalledTimes(1)
    device.advance(NOTE_EVERY_MS - 1)
    device.show()
    await device.settle()
    expect(device.environment.note).toHaveBeenCalledTimes(1)
    device.advance(1)
    device.show()
    await device.settle()
    expect(device.environment.note).toHaveBeenCalledTimes(2)
  })

  it('says nothing for a visitor, and tells on signing in', async () => {
    const { auth, set } = fakeAuth({ status: 'signedOut' })
    const device = fakeEnvironment()
    watchAppOpenings(auth, device.environment)
    device.show()
    await device.settle()
    expect(device.environment.note).not.toHaveBeenCalled()
    set(signedIn('b'))
    await device.settle()
    expect(device.environment.note).toHaveBeenCalledTimes(1)
  })

  it('tries again on the next opening when the call failed (offline)', async () => {
    let fail = true
    const { auth } = fakeAuth(signedIn('c'))
    const device = fakeEnvironment(async () => {
      if (fail) throw new Error('offline')
    })
    watchAppOpenings(auth, device.environment)
    await device.settle()
    fail = false
    device.show()
    await device.settle()
    expect(device.environment.note).toHaveBeenCalledTimes(2)
    device.show()
    await device.settle()
    expect(device.environment.note).toHaveBeenCalledTimes(2)
  })
})
