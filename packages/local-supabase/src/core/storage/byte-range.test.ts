import { describe, expect, it } from 'vitest'
import { parseByteRange } from './byte-range'

describe('Range requests on a 100-byte object', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=95-200', { start: 95, end: 99 }],
  ])('%s is served as a part', (header, range) => expect(parseByteRange(header, 100)).toEqual(range))

  it.each(['bytes=100-', 'bytes=5-2', 'bytes=-0'])('%s is unsatisfiable', (header) =>
    expect(parseByteRange(header, 100)).toBe('unsatisfiable'),
  )

  it.each([undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=-'])('%s sends the whole object', (header) =>
    expect(parseByteRange(header, 100)).toBeUndefined(),
  )
})
