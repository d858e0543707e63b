import type { OutboxEntry, OutboxState } from '../local-db'
import { backoffDelay, classifyFailure } from './failure'

export type { OutboxEntry }

/** What the drain reads of an entry: where it is in its thing's turn, whatever its kind carries. */
export type QueuedWrite = {
  seq?: number
  kind: string
  thing: string
  state: OutboxState
  reason: string | null
  attempts: number
  nextAttemptAt: number
}

/** Sends one entry to the server; throws (an OutboxFailure, ideally) when it could not. Must be idempotent. */
export type SendEntry<E extends QueuedWrite = OutboxEntry> = (entry: E) => Promise<void>

/** The handler of each kind this app knows (a Map in tests). */
export type KindHandlers<E extends QueuedWrite = OutboxEntry> = {
  get(kind: string): SendEntry<E> | undefined
  has(kind: string): boolean
}

/** What the runner needs from the device's table (src/device/outbox.ts). */
export type OutboxStore<E extends QueuedWrite = OutboxEntry> = {
  /** The user's entries, oldest first. */
  pending(userId: string): Promise<E[]>
  /** Changes an entry; false when it is gone (discarded meanwhile). */
  update(
    seq: number,
    patch: Partial<Pick<QueuedWrite, 'state' | 'reason' | 'attempts' | 'nextAttemptAt'>>,
  ): Promise<boolean>
  /** Forgets an entry the server has taken. */
  remove(seq: number): Promise<void>
}

/** Everything a run needs from outside, injected so tests can drive each failure. */
export type DrainPorts<E extends QueuedWrite = OutboxEntry> = {
  store: OutboxStore<E>
  /** One handler per kind; an entry of a kind nobody handles here waits (and holds back its thing). */
  handlers: KindHandlers<E>
  /** The signed-in user's id with a fresh session (force: refresh even if it looks valid); null when signed out. */
  refreshSession(force: boolean): Promise<string | null>
  online(): boolean
  now(): number
  random(): number
}

export type DrainResult = { sent: number; refused: number; waiting: number }

/**
 * Sends the user's due entries, oldest first. Entries of one thing go strictly in order: one that waits
 * (backoff, unknown kind) or was refused holds back the later ones of its thing, while other things go on.
 * Network errors, 5xx and 429 wait with backoff (and a network error ends the run: the device is offline);
 * a 401 refreshes the session once and tries again; any other refusal is kept with the server's reason,
 * never dropped. An entry is forgotten only once the server has taken it, so a crash between the two sends
 * it again, which the handlers' idempotent writes take as done.
 */
export async function drainOutbox<E extends QueuedWrite>(
  userId: string,
  ports: DrainPorts<E>,
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, refused: 0, waiting: 0 }
  if (!ports.online()) return result
  if ((await ports.refreshSession(false)) !== userId) return result
  const held = new Set<string>()
  let refreshed = false

  for (const entry of await ports.store.pending(userId)) {
    if (entry.seq === undefined) continue
    const handler = ports.handlers.get(entry.kind)
    if (held.has(entry.thing) || !handler || entry.state === 'refused' || entry.nextAttemptAt > ports.now()) {
      held.add(entry.thing)
      if (entry.state === 'refused') result.refused++
      else result.waiting++
      continue
    }
    try {
      try {
        await handler(entry)
      } catch (error) {
        if (refreshed || classifyFailure(error).kind !== 'refresh') throw error
        refreshed = true
        if ((await ports.refreshSession(true)) !== userId) throw error
        await handler(entry)
      }
      await ports.store.remove(entry.seq)
      result.sent++
    } catch (error) {
      held.add(entry.thing)
      const action = classifyFailure(error)
      const attempts = entry.attempts + 1
      if (action.kind === 'refused') {
        await ports.store.update(entry.seq, { state: 'refused', reason: action.reason, attempts })
        result.refused++
        continue
      }
      // Offline, server trouble, or a session that could not be refreshed: nothing is lost, try again later.
      await ports.store.update(entry.seq, {
        attempts,
        nextAttemptAt: ports.now() + backoffDelay(attempts, ports.random()),
      })
      result.waiting++
      if (!ports.online() || (error instanceof Error && 'network' in error && error.network === true)) break
    }
  }
  return result
}

/**
 * When the next entry can be sent (ms since epoch), or null when none can without the person (refused) or a
 * handler (an unknown kind). Only the first entry of each thing counts: the later ones wait behind it.
 */
export function nextDueAt(
  entries: readonly QueuedWrite[],
  handlers: Pick<KindHandlers<never>, 'has'>,
): number | null {
  const seen = new Set<string>()
  let due: number | null = null
  for (const entry of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (seen.has(entry.thing)) continue
    seen.add(entry.thing)
    if (entry.state !== 'waiting' || !handlers.has(entry.kind)) continue
    due = due === null ? entry.nextAttemptAt : Math.min(due, entry.nextAttemptAt)
  }
  return due
}
