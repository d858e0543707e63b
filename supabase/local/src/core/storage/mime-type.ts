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
