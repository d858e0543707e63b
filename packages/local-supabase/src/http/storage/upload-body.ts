import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { storageErrors } from '../../core/storage/storage-error'

/** What an upload carries besides its bytes, and the bytes as a stream. */
export type UploadBody = {
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  /** Declared size when known up front, checked against the limit before reading. */
  size: number | undefined
  stream: Readable
}

/** Room for multipart boundaries and small fields around the file part. */
const MULTIPART_SLACK = 64 * 1024

/** Largest user metadata an upload may carry (Storage keeps it in a jsonb column). */
const METADATA_LIMIT = 8 * 1024

/**
 * A Cache-Control value to store and send back later: printable ASCII only, so no stored value can
 * break a response's headers. storage-js sends a number of seconds in the multipart field.
 */
function cacheControlOf(value: string | undefined, seconds: boolean): string {
  if (!value) return 'no-cache'
  if (seconds) {
    if (!/^\d{1,10}$/.test(value))
      throw storageErrors.invalidRequest('cacheControl must be a number of seconds')
    return `max-age=${value}`
  }
  if (!/^[\x20-\x7e]{1,256}$/.test(value)) throw storageErrors.invalidRequest('Invalid Cache-Control header')
  return value
}

function parseMetadata(text: string | undefined | null): Record<string, unknown> | null {
  if (!text) return null
  if (text.length > METADATA_LIMIT) throw storageErrors.invalidRequest('Metadata is too large')
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {}
  throw storageErrors.invalidRequest('Invalid metadata')
}

async function multipartBody(c: Context, limit: number): Promise<UploadBody> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN)
  if (declared > limit + MULTIPART_SLACK) throw storageErrors.entityTooLarge()
  let form: FormData
  try {
    form = await c.req.raw.formData()
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be parsed')
  }
  // storage-js sends the file under an empty field name; take the first file part whatever its name.
  const file = [...form.values()].find((value) => typeof value !== 'string')
  if (!file || typeof file === 'string') throw storageErrors.invalidRequest('No content provided')
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  return {
    contentType: field('contentType') || file.type || 'application/octet-stream',
    cacheControl: cacheControlOf(field('cacheControl'), true),
    userMetadata: parseMetadata(field('metadata')),
    size: file.size,
    stream: Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream),
  }
}

function rawBody(c: Context): UploadBody {
  const length = c.req.header('content-length')
  const encoded = c.req.header('x-metadata')
  let metadata: Record<string, unknown> | null = null
  if (encoded) {
    if (encoded.length > METADATA_LIMIT * 2) throw storageErrors.invalidRequest('Metadata is too large')
    metadata = parseMetadata(Buffer.from(encoded, 'base64').toString('utf8'))
  }
  const body = c.req.raw.body
  return {
    contentType: c.req.header('content-type') || 'application/octet-stream',
    cacheControl: cacheControlOf(c.req.header('cache-control'), false),
    userMetadata: metadata,
    size: length === undefined ? undefined : Number(length),
    stream: body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([]),
  }
}

/** How much of a refused body is read and thrown away so the client receives the refusal. */
const DRAIN_LIMIT = 64 * 1024 * 1024

/**
 * Lets go of a body that will not be stored. Reading the rest (up to a bound) before answering keeps
 * the connection open long enough for the client to receive the refusal; past the bound it is cut.
 */
export function discardBody(stream: Readable): void {
  let drained = 0
  stream.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_LIMIT) stream.destroy()
  })
  stream.on('error', () => {})
  stream.resume()
}

/**
 * Reads an upload as Storage does: multipart (storage-js for File/Blob: a `cacheControl` field, an
 * optional `metadata` field and one file part) or a raw body described by its headers.
 */
export async function readUploadBody(c: Context, limit: number): Promise<UploadBody> {
  const type = c.req.header('content-type') ?? ''
  const body = type.toLowerCase().startsWith('multipart/form-data')
    ? await multipartBody(c, limit)
    : rawBody(c)
  if (body.size !== undefined && Number.isFinite(body.size) && body.size > limit) {
    discardBody(body.stream)
    throw storageErrors.entityTooLarge()
  }
  return body
}
