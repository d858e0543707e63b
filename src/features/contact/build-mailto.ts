/** A mailto: link whose subject and body survive "&", "?", "#" and new lines. */
export function buildMailto(email: string, subject: string, body: string): string {
  const params = [`subject=${encodeURIComponent(subject)}`]
  if (body !== '') params.push(`body=${encodeURIComponent(body)}`)
  return `mailto:${email}?${params.join('&')}`
}
