/** A failed call to the server, as the publish job sees it: what happened, not which SDK said it. */
export class PublishFailure extends Error {
  readonly status: number | undefined
  readonly code: string | undefined
  /** True when the request never got an answer (offline, DNS, connection reset). */
  readonly network: boolean

  constructor(
    message: string,
    options: { status?: number | undefined; code?: string | undefined; network?: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause })
    this.name = 'PublishFailure'
    this.status = options.status
    this.code = options.code
    this.network = options.network ?? false
  }
}

/** What the job does about a failure: try later, refresh the session and try again, or stop and ask the user. */
export type FailureAction = { kind: 'retry' } | { kind: 'refresh' } | { kind: 'refused'; reason: string }

const EXPIRED_TOKEN = /jwt expired|token.*expired|"?exp"? claim|invalid jwt|jwt.*invalid/i
const AUTH_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303', 'bad_jwt', 'session_expired'])

/**
 * Network errors, 5xx, 408 and 429 are retried later; 401 (or an expired-token answer) refreshes the
 * session first; any other 4xx (e.g. 23514 check violation, 42501 RLS refusal) is the server's refusal.
 */
export function classifyFailure(error: unknown): FailureAction {
  if (!(error instanceof PublishFailure)) return { kind: 'retry' }
  if (error.network) return { kind: 'retry' }
  const { status, code, message } = error
  if (status === 401 || (code !== undefined && AUTH_CODES.has(code)) || EXPIRED_TOKEN.test(message)) {
    return { kind: 'refresh' }
  }
  if (status === undefined || status >= 500 || status === 408 || status === 429) return { kind: 'retry' }
  if (status >= 400) return { kind: 'refused', reason: message || `The server refused it (${status})` }
  return { kind: 'retry' }
}

/** The wait before the next attempt: 2 s doubling per attempt up to 5 min, with jitter (half to full). */
export function backoffDelay(attempts: number, random: number): number {
  const base = Math.min(300_000, 2_000 * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.5 + random / 2))
}
