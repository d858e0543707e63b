/** The `type/subtype` of a Content-Type value, lower-cased, without parameters. */
export function baseMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

/**
 * Storage's bucket MIME rule: an empty or missing list allows anything; otherwise the type must equal
 * an entry, or match a `type/*` entry.
 */
export function isMimeTypeAllowed(contentType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const mime = baseMimeType(contentType)
  const [type] = mime.split('/')
  return allowed.some((entry) => {
    const wanted = entry.trim().toLowerCase()
    return wanted === mime || (wanted.endsWith('/*') && wanted.slice(0, -2) === type)
  })
}

// RFC 9110 token characters; a parameter value may also be a quoted string without controls.
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+"
const PARAMETER = `\\s*;\\s*${TOKEN}=(?:${TOKEN}|"[^"\\x00-\\x1f\\x7f]*")`
const CONTENT_TYPE = new RegExp(`^\\s*(${TOKEN}/${TOKEN})(?:${PARAMETER})*\\s*$`, 'i')

/**
 * The `type/subtype` of a well-formed Content-Type value, lower-cased; undefined for anything else
 * (`image/png;,text/html`, control characters), which is refused rather than guessed at.
 */
export function parseMimeType(contentType: string): string | undefined {
  const match = CONTENT_TYPE.exec(contentType)
  return match?.[1]?.toLowerCase()
}

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  [...ascii].every((ch, i) => bytes[at + i] === ch.charCodeAt(0))

/**
 * The type the bytes are, from their signature, for the formats a bucket of pictures holds and a few
 * that must never pass for one; undefined when the bytes match none.
 */
export function sniffMimeType(head: Uint8Array): string | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  if (startsWith(head, 0, '\x89PNG\r\n\x1a\n')) return 'image/png'
  if (startsWith(head, 0, 'GIF87a') || startsWith(head, 0, 'GIF89a')) return 'image/gif'
  if (startsWith(head, 0, 'RIFF') && startsWith(head, 8, 'WEBP')) return 'image/webp'
  if (startsWith(head, 4, 'ftypavif') || startsWith(head, 4, 'ftypavis')) return 'image/avif'
  if (startsWith(head, 4, 'ftypheic') || startsWith(head, 4, 'ftypmif1')) return 'image/heic'
  if (startsWith(head, 0, '%PDF-')) return 'application/pdf'
  return undefined
}
