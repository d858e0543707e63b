import { describe, expect, it } from 'vitest'
import { asClientAddress, trustedClientAddress } from './client-address'

describe('the client address the stack passes on', () => {
  it.each([
    ['127.0.0.2', '127.0.0.2'],
    ['::ffff:127.0.0.3', '127.0.0.3'],
    ['::FFFF:198.51.100.7', '198.51.100.7'],
    ['::1', '::1'],
    ['2001:db8::5', '2001:db8::5'],
    ['::ffff:999.1.1.1', undefined],
    ['junk', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s as a client address is %s', (remote, address) => {
    expect(asClientAddress(remote)).toBe(address)
  })

  it('is the socket address, never what the client sent, in front of everything', () => {
    expect(trustedClientAddress('203.0.113.9', '127.0.0.2', false)).toBe('127.0.0.2')
    expect(trustedClientAddress('203.0.113.9', undefined, false)).toBeUndefined()
  })

  it('is what the proxy in front sent when the stack is behind one', () => {
    expect(trustedClientAddress('203.0.113.9', '127.0.0.2', true)).toBe('203.0.113.9')
    expect(trustedClientAddress(undefined, '127.0.0.2', true)).toBeUndefined()
  })
})
