import { getSupabase } from '../supabase'
import { type DrainResult, drainOutbox, nextDueAt, type OutboxHandler, type OutboxStore } from './drain'
import { OutboxFailure, toOutboxFailure } from './failure'
import { inOneTab } from './one-tab'

/** Longest wait between two looks at waiting entries (the backoff's cap). */
const MAX_WAIT_MS = 300_000
/** When another tab held the outbox without Web Locks: look again after this. */
const BUSY_RETRY_MS = 5_000
/** The lock every tab takes to send: one tab at a time sends the outbox. */
const LOCK_NAME = 'roost-outbox'

/** Fired after a run that sent something: screens that mirror the server may read it again. */
export const OUTBOX_SENT_EVENT = 'roost:outbox-sent'

const handlers = new Map<string, OutboxHandler>()

/** Adds the handlers of a feature's kinds (each feature registers its own when its code loads). */
export function registerOutboxKinds(kinds: Record<string, OutboxHandler>): void {
  for (const [kind, handler] of Object.entries(kinds)) handlers.set(kind, handler)
}

/** The signed-in user's id with a fresh session; an error that is not the network's waits as a 401. */
async function refreshSession(force: boolean): Promise<string | null> {
  const supabase = await getSupabase()
  const { data, error } = force ? await supabase.auth.refreshSession() : await supabase.auth.getSession()
  if (error) {
    const failure = toOutboxFailure(error)
    throw failure.network ? failure : new OutboxFailure(failure.message, { status: 401, cause: error })
  }
  return data.session?.user.id ?? null
}

let current: Promise<DrainResult | null> | null = null
let again = false
let timer: number | undefined

async function schedule(userId: string, store: OutboxStore, busy: boolean): Promise<void> {
  window.clearTimeout(timer)
  // Offline nothing can be sent: the 'online' event starts the next run.
  if (!navigator.onLine) return
  const due = busy ? Date.now() + BUSY_RETRY_MS : nextDueAt(await store.pending(userId), handlers)
  if (due === null) return
  const wait = Math.min(MAX_WAIT_MS, Math.max(0, due - Date.now()))
  timer = window.setTimeout(() => void runOutbox(userId, store), wait)
}

/**
 * Sends the signed-in user's due outbox entries (app start, back online, tab visible, sign-in, a change
 * queued). One run at a time per tab (a trigger during a run asks for one more pass) and one tab at a time;
 * then a timer looks again when the next waiting entry is due. Resolves with what the run did (null when
 * another tab ran it or the store failed).
 */
export function runOutbox(userId: string, store: OutboxStore): Promise<DrainResult | null> {
  if (current) {
    again = true
    return current
  }
  current = (async () => {
    let total: DrainResult | null = null
    let ran = true
    try {
      ran = await inOneTab(LOCK_NAME, async () => {
        total = { sent: 0, refused: 0, waiting: 0 }
        do {
          again = false
          const pass = await drainOutbox(userId, {
            store,
            handlers,
            refreshSession,
            online: () => navigator.onLine,
            now: () => Date.now(),
            random: () => Math.random(),
          })
          total = { sent: total.sent + pass.sent, refused: pass.refused, waiting: pass.waiting }
        } while (again)
      })
    } catch {
      // A failing store (no IndexedDB) or SDK load: the next trigger tries again.
    } finally {
      current = null
    }
    if (total !== null && (total as DrainResult).sent > 0) window.dispatchEvent(new Event(OUTBOX_SENT_EVENT))
    await schedule(userId, store, !ran).catch(() => undefined)
    return total
  })()
  return current
}

/** Stops the timer (sign-out). */
export function stopOutbox(): void {
  window.clearTimeout(timer)
}
