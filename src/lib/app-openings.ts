import type { AuthSession } from './auth-session'
import { getSupabase } from './supabase'

/** How often a person's opening of the app is told to the server: enough to know who has been away a day. */
export const NOTE_EVERY_MS = 60 * 60 * 1000

const storageKey = (userId: string) => `roost:app-opened:${userId}`

/** What watching openings needs from the browser; the browser's own by default. */
export type OpeningsEnvironment = {
  now(): number
  /** Calls back when the app is shown again (focus, or the tab becoming visible). */
  onShown(callback: () => void): void
  /** When this device last told the server, per person (kept across reloads). */
  lastNoted(userId: string): number | undefined
  setLastNoted(userId: string, at: number): void
  /** Tells the server the signed-in person opened the app (rpc note_app_open). */
  note(): Promise<void>
}

const browserEnvironment: OpeningsEnvironment = {
  now: () => Date.now(),
  onShown(callback) {
    window.addEventListener('focus', callback)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') callback()
    })
  },
  lastNoted(userId) {
    try {
      const value = Number(localStorage.getItem(storageKey(userId)))
      return Number.isFinite(value) && value > 0 ? value : undefined
    } catch {
      return undefined
    }
  },
  setLastNoted(userId, at) {
    try {
      localStorage.setItem(storageKey(userId), String(at))
    } catch {
      // Storage full or blocked: the next opening tells the server again, which is harmless.
    }
  },
  async note() {
    const supabase = await getSupabase()
    const { error } = await supabase.rpc('note_app_open')
    if (error) throw error
  },
}

/**
 * Tells the server when a signed-in person opens the app (at start, on signing in, and when the app is
 * shown again), at most once an hour, so a landlord away for a day can be emailed about new messages.
 * A visitor never loads anything for it; a failed call (offline) is tried again on the next opening.
 */
export function watchAppOpenings(
  auth: AuthSession,
  environment: OpeningsEnvironment = browserEnvironment,
): void {
  let inFlight = false
  const noteIfDue = () => {
    const state = auth.getState()
    if (state.status !== 'signedIn' || inFlight) return
    const userId = state.user.id
    const last = environment.lastNoted(userId)
    const now = environment.now()
    if (last !== undefined && now - last < NOTE_EVERY_MS && last <= now) return
    inFlight = true
    environment
      .note()
      .then(() => environment.setLastNoted(userId, now))
      .catch(() => undefined)
      .finally(() => {
        inFlight = false
      })
  }
  auth.subscribe(noteIfDue)
  environment.onShown(noteIfDue)
  noteIfDue()
}
