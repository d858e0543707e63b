import type { Context } from 'hono'
import { decodePathTail, isValidBucketId, isValidObjectKey } from '../../core/storage/object-key'
import { storageErrors } from '../../core/storage/storage-error'

export type ObjectAddress = { bucket: string; key: string }

/** The URL path after `marker` (e.g. `/object/public/`), still percent-encoded. */
function tailAfter(c: Context, marker: string): string {
  const pathname = new URL(c.req.url).pathname
  const at = pathname.indexOf(marker)
  return at < 0 ? '' : pathname.slice(at + marker.length)
}

/** `<bucket>/<key>` after `marker`, decoded and checked as Storage checks keys (InvalidKey otherwise). */
export function objectAddress(c: Context, marker: string): ObjectAddress {
  const tail = tailAfter(c, marker)
  const slash = tail.indexOf('/')
  const bucket = decodePathTail(slash < 0 ? tail : tail.slice(0, slash)) ?? ''
  const key = slash < 0 ? undefined : decodePathTail(tail.slice(slash + 1))
  if (!isValidBucketId(bucket)) throw storageErrors.invalidRequest('The bucket name is invalid')
  if (key === undefined || !isValidObjectKey(key)) throw storageErrors.invalidKey(key ?? '')
  return { bucket, key }
}

/** A bucket id that is the whole rest of the path (bulk remove, list). */
export function bucketAddress(c: Context, marker: string): string {
  const bucket = decodePathTail(tailAfter(c, marker)) ?? ''
  if (!isValidBucketId(bucket)) throw storageErrors.noSuchBucket()
  return bucket
}
