import { describe, expect, it } from 'vitest'
import { isValidBucketId, isValidObjectKey } from './object-key'

describe('object keys, as Storage validates them', () => {
  it.each(['u1/l1/photo.png', "a b/(1)!*'&$=@;:+,?-_.png", 'file.tar.gz'])('accepts %s', (key) =>
    expect(isValidObjectKey(key)).toBe(true),
  )

  it.each([
    ['empty', ''],
    ['non-ASCII letters', 'u1/sølv.png'],
    ['a parent segment', 'u1/../u2/x.png'],
    ['a leading parent segment', '../x.png'],
    ['a current-folder segment', 'u1/./x.png'],
    ['an empty segment', 'u1//x.png'],
    ['a leading slash', '/u1/x.png'],
    ['a backslash', 'u1\\..\\x.png'],
    ['a percent sign', 'u1/%2e%2e'],
  ])('refuses %s', (_, key) => expect(isValidObjectKey(key)).toBe(false))

  it('bucket ids are single segments', () => {
    expect(isValidBucketId('listing-images')).toBe(true)
    expect(isValidBucketId('a/b')).toBe(false)
    expect(isValidBucketId('..')).toBe(false)
  })
})
