import type { OutboxEntry, OutboxEntryOf } from '../local-db'
import { getSupabase } from '../supabase'
import { type DrainResult, drainOutbox, type KindHandlers, nextDueAt, type OutboxStore } from './drain'
import { OutboxFailure, toOutboxFailure } from './failure'
import { inOneTab } from './one-tab'
import type { OutboxKind } from './payloads'

/** Longest wait between two looks at waiting entries (the backoff's cap). */
const MAX_WAIT_MS = 300_000
/** When another tab held the outbox without Web Locks: look again after this. */
const BUSY_RETRY_MS = 5_000
/** The lock every tab takes to send: one tab at a time sends the outbox. */
const LOCK_NAME = 'roost-outbox'

/** Fired after a run that sent something: screens that mirror the server may read it again. */
export const OUTBOX_SENT_EVENT = 'roost:outbox-sent'

/** Sends one entry of its kind to the server; throws (an OutboxFailure, ideally) when it could not. Idempotent. */
export type OutboxHandler<K extends OutboxKind> = (entry: OutboxEntryOf<K>) => Promise<void>

/** A handler per kind, each typed by its kind's payload. */
export type OutboxHandlers = { [K in OutboxKind]?: OutboxHandler<K> }

const registry: OutboxHandlers = {}

/** Adds the handlers of a feature's kinds (each feature registers its own when its code loads). */
export function registerOutboxKinds(kinds: OutboxHandlers): void {
  Object.assign(registry, kinds)
}

/** Hands an entry to its kind's handler: the kind says which payload it carries. */
function send<K extends OutboxKind>(entry: OutboxEntryOf<K>): Promise<void> {
  const handler = registry[entry.kind]
  return handler ? handler(entry) : Promise.resolve()
}

/** The registered kinds as the drain asks for them (kinds stored by another version of the app wait). */
const handlers: KindHandlers = {
  has: (kind) => Object.hasOwn(registry, kind),
  get: (kind) => (Object.hasOwn(registry, kind) ? (entry: OutboxEntry) => send(entry) : undefined),
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
    // Filled in by the locked work (a property, so TypeScript sees the callback's writes).
    const run: { total: DrainResult | null } = { total: null }
    let ran = true
    try {
      ran = await inOneTab(LOCK_NAME, async () => {
        const total: DrainResult = { sent: 0, refused: 0, waiting: 0 }
        run.total = total
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
          Object.assign(total, { sent: total.sent + pass.sent, refused: pass.refused, waiting: pass.waiting })
        } while (again)
      })
    } catch {
      // A failing store (no IndexedDB) or SDK load: the next trigger tries again.
    } finally {
      current = null
    }
    if (run.total !== null && run.total.sent > 0) window.dispatchEvent(new Event(OUTBOX_SENT_EVENT))
    await schedule(userId, store, !ran).catch(() => undefined)
    return run.total
  })()
  return current
}

/**
 * Runs `work` while no tab sends the outbox: for reading the server's copy of what the outbox writes to and
 * laying it over the device's, so that no write lands between the read and the laying over (a write sent
 * meanwhile would be undone on the device). Must not itself run the outbox (the lock is not reentrant).
 */
export async function whileOutboxHeld(work: () => Promise<void>): Promise<void> {
  await inOneTab(LOCK_NAME, work)
}

/** Stops the timer (sign-out). */
export function stopOutbox(): void {
  window.clearTimeout(timer)
}
