/**
 * The address part of a mailto: link, percent-encoded around its `@` (RFC 6068), so an address can
 * only ever be one recipient: `?`, `&`, `%` or `#` in it cannot start headers such as a Bcc.
 */
function encodeAddress(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return encodeURIComponent(email)
  return `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`
}

/** A mailto: link whose address, subject and body survive "&", "?", "#", "%" and new lines. */
export function buildMailto(email: string, subject: string, body: string): string {
  const params = [`subject=${encodeURIComponent(subject)}`]
  if (body !== '') params.push(`body=${encodeURIComponent(body)}`)
  return `mailto:${encodeAddress(email)}?${params.join('&')}`
}
