import { env } from '../config/env'
import type { ListingsRead, PublicRows } from '../lib/early-answer'
import { AppError, toAppError } from '../lib/errors'
import { isKeyInUrlRefusal, rememberKeyInUrlRefused } from '../lib/key-in-url'
import { tabMemory, withinReadTimeout } from '../lib/supabase'
import { listingsReadUrl } from '../utils/inline-script-helpers'
import { takeEarlyResponse } from './early-request'

/**
 * The rows of a first screen's read (`columns` of public.listings) from the request index.html's inline
 * script made for it, without PostgREST's client: the first screen shows without waiting for that code. Null
 * when that request was for another read, is spent or too old: ask getPublicDb. Fails as the client's read
 * would: an unreachable server as a network error, a refusal with PostgREST's error. A refusal of the key in
 * its URL (a Supabase that passes it on to PostgREST) is null too, and remembered, so the client reads with
 * the ordinary headers. The app's start hands it to the reads through src/lib/early-answer.ts.
 */
export async function readEarlyAnswer(columns: string, read: ListingsRead): Promise<PublicRows | null> {
  const early =
    globalThis.navigator?.onLine !== false &&
    takeEarlyResponse(listingsReadUrl(env.supabaseUrl, columns, read))
  if (!early) return null
  const [response, text] = await withinReadTimeout(
    early.then(async (r) => [r, await r.text()] as const),
  ).catch((error: unknown) => {
    throw toAppError(error)
  })
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: a proxy's error page, say.
  }
  if (isKeyInUrlRefusal(response.status, body, env.supabaseAnonKey)) {
    rememberKeyInUrlRefused(tabMemory())
    return null
  }
  if (!response.ok)
    throw toAppError(body ?? { message: text || response.statusText, status: response.status })
  if (!Array.isArray(body))
    throw new AppError('The server sent listings the app cannot read', { status: response.status })
  // Content-Range `0-10/1234` when counted; `*` in place of the total otherwise.
  const total = Number(response.headers.get('content-range')?.split('/')[1])
  return { rows: body, count: Number.isInteger(total) ? total : null }
}
