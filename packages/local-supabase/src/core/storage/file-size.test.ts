import { describe, expect, it } from 'vitest'
import { parseFileSize } from './file-size'

describe('parseFileSize', () => {
  it('reads bytes and decimal units as Storage does', () => {
    expect(parseFileSize(1024)).toBe(1024)
    expect(parseFileSize('1024')).toBe(1024)
    expect(parseFileSize('10b')).toBe(10)
    expect(parseFileSize('5KB')).toBe(5000)
    expect(parseFileSize('1.5mb')).toBe(1_500_000)
    expect(parseFileSize('2GB')).toBe(2_000_000_000)
  })

  it('refuses anything else', () => {
    for (const value of ['', 'MB', '1 MB', '1TB', '-1mb', 'ten']) expect(parseFileSize(value)).toBeUndefined()
    expect(parseFileSize(-1)).toBeUndefined()
    expect(parseFileSize(Number.NaN)).toBeUndefined()
  })
})
