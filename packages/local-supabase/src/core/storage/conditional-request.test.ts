import { describe, expect, it } from 'vitest'
import { isNotModified } from './conditional-request'

const object = { eTag: '"abc"', lastModified: new Date('2025-01-02T03:04:05Z') }

describe('conditional GETs of stored objects', () => {
  it('answer 304 when If-None-Match lists the ETag (weak or strong) or *', () => {
    expect(isNotModified({ ifNoneMatch: '"abc"' }, object)).toBe(true)
    expect(isNotModified({ ifNoneMatch: '"x", W/"abc"' }, object)).toBe(true)
    expect(isNotModified({ ifNoneMatch: '*' }, object)).toBe(true)
    expect(isNotModified({ ifNoneMatch: '"other"' }, object)).toBe(false)
  })

  it('use If-Modified-Since only without If-None-Match', () => {
    expect(isNotModified({ ifModifiedSince: 'Thu, 02 Jan 2025 03:04:05 GMT' }, object)).toBe(true)
    expect(isNotModified({ ifModifiedSince: 'Wed, 01 Jan 2025 00:00:00 GMT' }, object)).toBe(false)
    expect(
      isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: 'Fri, 03 Jan 2025 00:00:00 GMT' }, object),
    ).toBe(false)
    expect(isNotModified({ ifModifiedSince: 'not a date' }, object)).toBe(false)
  })
})
