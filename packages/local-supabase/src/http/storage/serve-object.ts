import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { parseByteRange } from '../../core/storage/byte-range'
import { isNotModified } from '../../core/storage/conditional-request'
import type { FileStore } from '../../core/storage/file-store'
import { parseMimeType } from '../../core/storage/mime-type'
import { storageErrors } from '../../core/storage/storage-error'
import type { ObjectAddress } from './object-address'
import type { ObjectRow } from './object-row'

/** A stored header value, or the fallback when it is anything but printable ASCII. */
export function headerValue(value: string | undefined, fallback: string): string {
  return value && /^[\x20-\x7e]{1,256}$/.test(value) ? value : fallback
}

/** `?download` / `?download=<name>` asks for an attachment, as Storage honours it. */
function disposition(c: Context, key: string): string | undefined {
  const download = c.req.query('download')
  if (download === undefined) return undefined
  const name = download || key.split('/').pop() || key
  return `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * Answers with an object's bytes and the caching headers Storage sends: Content-Type and Cache-Control
 * from the upload, ETag, Last-Modified, Content-Length; 304 for a matching conditional GET, 206 for a range.
 */
export async function serveObject(c: Context, store: FileStore, address: ObjectAddress, row: ObjectRow) {
  const stats = await store.stat(address.bucket, address.key)
  if (!stats) throw storageErrors.noSuchKey()
  const eTag = row.metadata?.eTag ?? `"${row.id}"`
  const lastModified = new Date(row.metadata?.lastModified ?? row.updated_at)
  const headers: Record<string, string> = {
    'Cache-Control': headerValue(row.metadata?.cacheControl, 'no-cache'),
    ETag: eTag,
    'Last-Modified': lastModified.toUTCString(),
    'Accept-Ranges': 'bytes',
  }
  const attachment = disposition(c, address.key)
  if (attachment) headers['Content-Disposition'] = attachment
  const conditions = {
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
  }
  if (isNotModified(conditions, { eTag, lastModified })) return c.body(null, 304, headers)

  headers['Content-Type'] = parseMimeType(row.metadata?.mimetype ?? '') ?? 'application/octet-stream'
  const range = parseByteRange(c.req.header('range'), stats.size)
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${stats.size}` })
  }
  const length = range ? range.end - range.start + 1 : stats.size
  headers['Content-Length'] = String(length)
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stats.size}`
  const status = range ? 206 : 200
  if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers)
  const stream = store.read(address.bucket, address.key, range)
  return c.body(Readable.toWeb(stream) as ReadableStream, status, headers)
}
