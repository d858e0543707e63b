import { describe, expect, it } from 'vitest'
import { isMimeTypeAllowed, parseMimeType, sniffMimeType } from './mime-type'

describe("a bucket's allowed MIME types", () => {
  const images = ['image/jpeg', 'image/png', 'image/webp']

  it('allow anything when the list is missing or empty', () => {
    expect(isMimeTypeAllowed('application/pdf', null)).toBe(true)
    expect(isMimeTypeAllowed('application/pdf', [])).toBe(true)
  })

  it('match type/subtype exactly, ignoring case and parameters', () => {
    expect(isMimeTypeAllowed('image/png', images)).toBe(true)
    expect(isMimeTypeAllowed('IMAGE/JPEG; charset=binary', images)).toBe(true)
    expect(isMimeTypeAllowed('image/gif', images)).toBe(false)
    expect(isMimeTypeAllowed('text/plain;charset=UTF-8', images)).toBe(false)
  })

  it('match a whole family with type/*', () => {
    expect(isMimeTypeAllowed('image/gif', ['image/*'])).toBe(true)
    expect(isMimeTypeAllowed('video/mp4', ['image/*'])).toBe(false)
  })
})

describe('parseMimeType', () => {
  it('takes the type of a well-formed value and refuses anything else', () => {
    expect(parseMimeType('image/PNG')).toBe('image/png')
    expect(parseMimeType('text/plain; charset=utf-8')).toBe('text/plain')
    expect(parseMimeType('image/png;,text/html')).toBeUndefined()
    expect(parseMimeType('image/png\r\nX-Injected: 1')).toBeUndefined()
    expect(parseMimeType('')).toBeUndefined()
  })
})

describe('sniffMimeType', () => {
  it('knows pictures by their signature, and nothing else passes for one', () => {
    const bytes = (...parts: (string | number[])[]) =>
      new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
    expect(sniffMimeType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffMimeType(bytes('\x89PNG\r\n\x1a\n'))).toBe('image/png')
    expect(sniffMimeType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp')
    expect(sniffMimeType(bytes('<script>alert(1)</script>'))).toBeUndefined()
    expect(sniffMimeType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
  })
})
