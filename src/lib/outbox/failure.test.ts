import { describe, expect, it } from 'vitest'
import { backoffDelay, classifyFailure, OutboxFailure } from './failure'

describe('what the outbox (and the draft publisher) does about a failure', () => {
  it.each([
    ['no answer (offline)', new OutboxFailure('Failed to fetch', { network: true }), 'retry'],
    ['500', new OutboxFailure('boom', { status: 500 }), 'retry'],
    ['503', new OutboxFailure('busy', { status: 503 }), 'retry'],
    ['408', new OutboxFailure('timeout', { status: 408 }), 'retry'],
    ['429', new OutboxFailure('slow down', { status: 429 }), 'retry'],
    ['a thrown non-server error', new Error('bug'), 'retry'],
    ['401', new OutboxFailure('JWT expired', { status: 401, code: 'PGRST303' }), 'refresh'],
    [
      "Storage's 400 'jwt expired'",
      new OutboxFailure('jwt expired', { status: 400, code: '403' }),
      'refresh',
    ],
    ['23514', new OutboxFailure('violates check constraint', { status: 400, code: '23514' }), 'refused'],
    ['42501', new OutboxFailure('row-level security', { status: 403, code: '42501' }), 'refused'],
  ])('%s → %s', (_label, error, kind) => {
    expect(classifyFailure(error).kind).toBe(kind)
  })

  it("a refusal carries the server's reason", () => {
    expect(classifyFailure(new OutboxFailure('too long', { status: 400, code: '23514' }))).toEqual({
      kind: 'refused',
      reason: 'too long',
    })
  })

  it('waits 2 s doubling per attempt, capped at 5 minutes, jittered between half and full', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1))).toEqual([2_000, 4_000, 8_000, 16_000])
    expect(backoffDelay(1, 0)).toBe(1_000)
    expect(backoffDelay(20, 1)).toBe(300_000)
  })
})
