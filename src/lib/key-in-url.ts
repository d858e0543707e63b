// Public reads carry the API key in their URL, not in headers, to skip a CORS preflight. Hosted Supabase's
// gateway takes it there; the Supabase CLI's stack and self-hosted Supabase pass the parameter on to
// PostgREST, which refuses it. There the reads fall back to the headers for the rest of the tab's session.

/** The CORS-safelisted headers a read may carry and still go cross-origin without a preflight. */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language'])
const CORS_UNSAFE = new Set('"():<>?@[\\]{}')
/** Whether a safelisted header's value keeps it safelisted (the Fetch standard's limits). */
const corsSafeValue = (value: string) =>
  value.length <= 128 &&
  [...value].every((ch) => {
    const code = ch.charCodeAt(0)
    return (code >= 0x20 || code === 0x09) && code !== 0x7f && !CORS_UNSAFE.has(ch)
  })

/**
 * A public read as a CORS-simple request. The API is another origin, and a GET with headers of its own
 * (apikey, Authorization) waits for a preflight: a round trip that each new URL (each page of a list, each
 * listing) costs again, since browsers cache preflights per URL. The key goes in the URL instead (the gateway
 * reads `apikey` there too, and a request without Authorization is anonymous). A read that needs another
 * header, such as a count's Prefer, is left as it is.
 */
export function withoutPreflight(url: string, init: RequestInit, anonKey: string): [string, RequestInit] {
  const headers = new Headers(init.headers)
  const anonymous =
    (init.method ?? 'GET').toUpperCase() === 'GET' &&
    headers.get('apikey') === anonKey &&
    headers.get('authorization') === `Bearer ${anonKey}`
  if (!anonymous) return [url, init]
  headers.delete('apikey')
  headers.delete('authorization')
  for (const [name, value] of headers) {
    if (!SAFELISTED.has(name) || !corsSafeValue(value)) return [url, init]
  }
  const keyed = `${url}${url.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(anonKey)}`
  return [keyed, { ...init, headers }]
}

/**
 * Whether an answer is PostgREST refusing the `apikey` parameter as a filter it cannot parse: 400 PGRST100
 * whose message names the key.
 */
export function isKeyInUrlRefusal(status: number, body: unknown, anonKey: string): boolean {
  if (status !== 400 || typeof body !== 'object' || body === null) return false
  const { code, message } = body as { code?: unknown; message?: unknown }
  return code === 'PGRST100' && typeof message === 'string' && message.includes(anonKey)
}

/** A tab's sessionStorage, as far as the fallback uses it; undefined where the browser blocks storage. */
export type KeyInUrlMemory = Pick<Storage, 'getItem' | 'setItem'> | undefined

/** The sessionStorage key that says this tab learnt that the API refuses a key in the URL. */
export const KEY_IN_URL_REFUSED = 'roost:key-in-url-refused'

export function keyInUrlRefused(memory: KeyInUrlMemory): boolean {
  try {
    return memory?.getItem(KEY_IN_URL_REFUSED) === '1'
  } catch {
    return false
  }
}

export function rememberKeyInUrlRefused(memory: KeyInUrlMemory): void {
  try {
    memory?.setItem(KEY_IN_URL_REFUSED, '1')
  } catch {
    // Storage full or blocked: this page still remembers, and a new one finds out on its first read.
  }
}

/**
 * fetch for public reads: the key in the URL where that spares a preflight; once the API has refused it
 * there, the ordinary headers, again for that read and for every later one of the tab's session (`memory`).
 */
export function publicReadFetch(
  anonKey: string,
  send: (url: string, init: RequestInit) => Promise<Response>,
  memory: KeyInUrlMemory,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  let refused = keyInUrlRefused(memory)
  return async (input, init = {}) => {
    const url = String(input)
    const [keyedUrl, keyedInit] = refused ? [url, init] : withoutPreflight(url, init, anonKey)
    if (keyedUrl === url) return send(url, init)
    const response = await send(keyedUrl, keyedInit)
    if (response.status !== 400) return response
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null)
    if (!isKeyInUrlRefusal(response.status, body, anonKey)) return response
    refused = true
    rememberKeyInUrlRefused(memory)
    return send(url, init)
  }
}
