import { describe, expect, it } from 'vitest'
import { isSendable, MESSAGE_MAX } from './message-outbox'

describe('isSendable: what the server takes (1–2,000 characters, not only spaces)', () => {
  it('takes text up to 2,000 characters as written', () => {
    expect(isSendable('x')).toBe(true)
    expect(isSendable(` ${'x'.repeat(MESSAGE_MAX - 2)} `)).toBe(true)
  })
  it('refuses nothing, only spaces, and more than 2,000 characters', () => {
    expect(isSendable('')).toBe(false)
    expect(isSendable(' \n\t ')).toBe(false)
    expect(isSendable('x'.repeat(MESSAGE_MAX + 1))).toBe(false)
  })
  it('refuses zero-width spaces, joiners, word joiners and byte-order marks, as the server does', () => {
    for (const invisible of ['\u200b\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', ' \u200b\n\u00a0']) {
      expect(isSendable(invisible)).toBe(false)
    }
    expect(isSendable('\u200bHi\u200b')).toBe(true)
    expect(isSendable('😀')).toBe(true)
  })
})
