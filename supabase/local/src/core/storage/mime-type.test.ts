import { describe, expect, it } from 'vitest'
import { isMimeTypeAllowed } from './mime-type'

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
