/** The validators of a stored object, as sent in ETag and Last-Modified. */
export type Validators = { eTag: string; lastModified: Date }

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/**
 * True when a GET may answer 304: If-None-Match lists the object's ETag (or `*`); without
 * If-None-Match, If-Modified-Since is not older than the last modification (RFC 9110 §13.2.2).
 */
export function isNotModified(
  headers: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  object: Validators,
): boolean {
  if (headers.ifNoneMatch) {
    const tags = headers.ifNoneMatch.split(',').map(opaque)
    return tags.includes('*') || tags.includes(opaque(object.eTag))
  }
  if (headers.ifModifiedSince) {
    const since = Date.parse(headers.ifModifiedSince)
    if (Number.isNaN(since)) return false
    return Math.floor(object.lastModified.getTime() / 1000) <= Math.floor(since / 1000)
  }
  return false
}
