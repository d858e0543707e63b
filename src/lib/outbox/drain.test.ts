import { describe, expect, it } from 'vitest'
import { type DrainPorts, drainOutbox, nextDueAt, type QueuedWrite, type SendEntry } from './drain'
import { backoffDelay, classifyFailure, OutboxFailure, toOutboxFailure } from './failure'

/** An entry of any kind: the drain reads only where it is in its thing's turn. */
type TestEntry = QueuedWrite & { id: string; userId: string; payload: unknown; queuedAt: number }
type OutboxHandler = SendEntry<TestEntry>

const entry = (seq: number, thing: string, kind = 'k', patch: Partial<TestEntry> = {}): TestEntry => ({
  seq,
  id: `c${seq}`,
  userId: 'u1',
  kind,
  thing,
  payload: { seq },
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: 0,
  reason: null,
  queuedAt: seq,
  ...patch,
})

/** An in-memory store and ports around `entries`; `sent` records each handler call in order. */
function harness(entries: TestEntry[], handler: OutboxHandler, more: Partial<DrainPorts<TestEntry>> = {}) {
  const rows = new Map(entries.map((e) => [e.seq as number, { ...e }]))
  const sent: number[] = []
  const ports: DrainPorts<TestEntry> = {
    store: {
      pending: async () => [...rows.values()].sort((a, b) => (a.seq as number) - (b.seq as number)),
      update: async (seq, patch) => {
        const row = rows.get(seq)
        if (row) rows.set(seq, { ...row, ...patch })
        return row !== undefined
      },
      remove: async (seq) => void rows.delete(seq),
    },
    handlers: new Map([
      [
        'k',
        async (e: TestEntry) => {
          sent.push(e.seq as number)
          await handler(e)
        },
      ],
    ]),
    refreshSession: async () => 'u1',
    online: () => true,
    now: () => 1_000,
    random: () => 0,
    ...more,
  }
  return { rows, sent, ports }
}

const refusal = (message: string) => new OutboxFailure(message, { status: 400, code: 'P0001' })

describe('the outbox drain', () => {
  it('sends entries oldest first and forgets each once the server took it', async () => {
    const h = harness([entry(1, 'a'), entry(2, 'b'), entry(3, 'a')], async () => undefined)
    expect(await drainOutbox('u1', h.ports)).toEqual({ sent: 3, refused: 0, waiting: 0 })
    expect(h.sent).toEqual([1, 2, 3])
    expect(h.rows.size).toBe(0)
  })

  it('keeps a refusal with the server’s reason, holds back its thing’s later writes, and goes on with others', async () => {
    const h = harness([entry(1, 'a'), entry(2, 'a'), entry(3, 'b')], async (e) => {
      if (e.seq === 1) throw refusal('You can save up to 20 searches')
    })
    expect(await drainOutbox('u1', h.ports)).toEqual({ sent: 1, refused: 1, waiting: 1 })
    expect(h.sent).toEqual([1, 3])
    expect(h.rows.get(1)).toMatchObject({
      state: 'refused',
      reason: 'You can save up to 20 searches',
      attempts: 1,
    })
    expect(h.rows.get(2)).toMatchObject({ state: 'waiting', attempts: 0 })
    // A later run sends nothing of the refused thing until the person deals with it.
    h.sent.length = 0
    await drainOutbox('u1', h.ports)
    expect(h.sent).toEqual([])
  })

  it('waits with backoff on server trouble, and stops at a network failure (offline)', async () => {
    const h = harness([entry(1, 'a'), entry(2, 'b'), entry(3, 'c')], async (e) => {
      if (e.seq === 1) throw new OutboxFailure('busy', { status: 503 })
      if (e.seq === 2) throw new OutboxFailure('Failed to fetch', { network: true })
    })
    expect(await drainOutbox('u1', h.ports)).toEqual({ sent: 0, refused: 0, waiting: 2 })
    expect(h.sent).toEqual([1, 2])
    expect(h.rows.get(1)).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: 1_000 + 1_000 })
    expect(h.rows.get(3)).toMatchObject({ attempts: 0 })
  })

  it('does not send an entry before its backoff is over, nor the later ones of its thing', async () => {
    const h = harness(
      [entry(1, 'a', 'k', { nextAttemptAt: 5_000 }), entry(2, 'a'), entry(3, 'b')],
      async () => {},
    )
    await drainOutbox('u1', h.ports)
    expect(h.sent).toEqual([3])
    // The next look is when the first of thing a is due, not at once for the one behind it.
    expect(nextDueAt([...h.rows.values()], h.ports.handlers)).toBe(5_000)
  })

  it('refreshes the session once on a 401 and sends again', async () => {
    let refreshed = 0
    let calls = 0
    const h = harness(
      [entry(1, 'a')],
      async () => {
        calls++
        if (calls === 1) throw new OutboxFailure('JWT expired', { status: 401 })
      },
      {
        refreshSession: async (force) => {
          if (force) refreshed++
          return 'u1'
        },
      },
    )
    expect(await drainOutbox('u1', h.ports)).toEqual({ sent: 1, refused: 0, waiting: 0 })
    expect(refreshed).toBe(1)
  })

  it('sends nothing for another user, offline, or of a kind no handler takes (its thing waits)', async () => {
    const other = harness([entry(1, 'a')], async () => {}, { refreshSession: async () => 'u2' })
    expect(await drainOutbox('u1', other.ports)).toEqual({ sent: 0, refused: 0, waiting: 0 })
    const offline = harness([entry(1, 'a')], async () => {}, { online: () => false })
    await drainOutbox('u1', offline.ports)
    expect(offline.sent).toEqual([])
    const unknown = harness([entry(1, 'a', 'later-kind'), entry(2, 'a'), entry(3, 'b')], async () => {})
    await drainOutbox('u1', unknown.ports)
    expect(unknown.sent).toEqual([3])
  })
})

describe('failures', () => {
  it('reads 5xx, 429 and no answer as try later, 401 as refresh, other 4xx as a refusal', () => {
    expect(classifyFailure(toOutboxFailure({ message: 'x' }, 503))).toEqual({ kind: 'retry' })
    expect(classifyFailure(toOutboxFailure({ message: 'x' }, 429))).toEqual({ kind: 'retry' })
    expect(classifyFailure(toOutboxFailure(new TypeError('Failed to fetch')))).toEqual({ kind: 'retry' })
    expect(classifyFailure(toOutboxFailure({ message: 'JWT expired', code: 'PGRST303' }, 401))).toEqual({
      kind: 'refresh',
    })
    expect(
      classifyFailure(toOutboxFailure({ message: 'You can save up to 20 searches', code: 'P0001' }, 400)),
    ).toEqual({ kind: 'refused', reason: 'You can save up to 20 searches' })
  })

  it('backs off from 2 s, doubling, capped at 5 minutes, with jitter', () => {
    expect(backoffDelay(1, 1)).toBe(2_000)
    expect(backoffDelay(3, 1)).toBe(8_000)
    expect(backoffDelay(20, 1)).toBe(300_000)
    expect(backoffDelay(1, 0)).toBe(1_000)
  })
})

describe('the next look', () => {
  const handlers = new Map([['k', () => undefined]])
  it('is when the first entry of a thing is due; entries behind a refusal or an unknown kind wait for the person', () => {
    expect(
      nextDueAt(
        [entry(1, 'a', 'k', { nextAttemptAt: 500 }), entry(2, 'b', 'k', { nextAttemptAt: 300 })],
        handlers,
      ),
    ).toBe(300)
    expect(nextDueAt([entry(1, 'a', 'k', { state: 'refused' }), entry(2, 'a')], handlers)).toBeNull()
    expect(nextDueAt([entry(1, 'a', 'other'), entry(2, 'a')], handlers)).toBeNull()
    expect(nextDueAt([entry(2, 'a'), entry(1, 'a', 'k', { nextAttemptAt: 900 })], handlers)).toBe(900)
    expect(nextDueAt([], handlers)).toBeNull()
  })
})
