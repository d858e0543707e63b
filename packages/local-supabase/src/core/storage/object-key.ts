/** Characters Supabase Storage accepts in object keys (S3-safe ones plus a few it handles specially). */
const KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/

/**
 * True when `key` is a key Storage would accept and that stays inside its bucket on disk: allowed
 * characters only, and no empty, `.` or `..` segment (so `../` can never climb out of the bucket).
 */
export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || !KEY_CHARACTERS.test(key)) return false
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

/** Bucket ids follow the same character rules, as one segment. */
export function isValidBucketId(id: string): boolean {
  return id.length > 0 && !id.includes('/') && isValidObjectKey(id)
}

/** Decodes a percent-encoded URL path tail; undefined when the encoding is broken. */
export function decodePathTail(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}
