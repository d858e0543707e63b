/**
 * The signed token of an alert email's unsubscribe link: HMAC-SHA-256 of the saved search's id, so the link
 * works without signing in and a changed id or token does nothing. The key is UNSUBSCRIBE_SECRET, or else
 * derived from the service role key every function has (rotating it ends the links already sent).
 * Web Crypto only, so Deno and Node run the same code.
 */

const encoder = new TextEncoder()

function base64url(bytes: ArrayBuffer): string {
  let binary = ''
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const keyOf = (secret: string) =>
  crypto.subtle.importKey(
    'raw',
    encoder.encode(`roost-unsubscribe:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )

/** The token for a saved search's unsubscribe link. */
export async function signUnsubscribe(searchId: string, secret: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(searchId)))
}

/** Whether `token` was made for `searchId` with `secret` (compared in constant time by Web Crypto). */
export async function verifyUnsubscribe(searchId: string, token: string, secret: string): Promise<boolean> {
  const signature = fromBase64url(token)
  if (!signature) return false
  return crypto.subtle.verify('HMAC', await keyOf(secret), signature, encoder.encode(searchId))
}

/** The one-click address of a search's unsubscribe: the unsubscribe-alerts function, with no sign-in. */
export async function unsubscribeUrl(
  functionsUrl: string,
  searchId: string,
  secret: string,
): Promise<string> {
  const token = await signUnsubscribe(searchId, secret)
  return `${functionsUrl.replace(/\/+$/, '')}/functions/v1/unsubscribe-alerts?search=${encodeURIComponent(searchId)}&token=${token}`
}
