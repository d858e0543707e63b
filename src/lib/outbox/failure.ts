import { toAppError } from '../errors'

/** A failed write, as the outbox sees it: what happened, not which SDK said it. */
export class OutboxFailure extends Error {
  readonly status: number | undefined
  readonly code: string | undefined
  /** True when the request never got an answer (offline, DNS, connection reset). */
  readonly network: boolean

  constructor(
    message: string,
    options: { status?: number | undefined; code?: string | undefined; network?: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause })
    this.name = 'OutboxFailure'
    this.status = options.status
    this.code = options.code
    this.network = options.network ?? false
  }
}

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''

/** A Supabase error (PostgREST, Storage, Auth) or a thrown one as an OutboxFailure; no HTTP status means no answer. */
export function toOutboxFailure(error: unknown, status?: number): OutboxFailure {
  if (error instanceof OutboxFailure) return error
  const e = toAppError(error)
  const answered = status ?? e.status
  const noAnswer =
    answered === undefined ||
    answered === 0 ||
    /StorageUnknownError|RetryableFetch|AbortError|TypeError/.test(errorName(error)) ||
    /failed to fetch|network|load failed/i.test(e.message)
  return new OutboxFailure(e.message, {
    status: noAnswer ? undefined : answered,
    code: e.code,
    network: noAnswer,
    cause: error,
  })
}

/** What the runner does about a failure: try later, refresh the session and try again, or keep it as refused. */
export type FailureAction = { kind: 'retry' } | { kind: 'refresh' } | { kind: 'refused'; reason: string }

const EXPIRED_TOKEN = /jwt expired|token.*expired|"?exp"? claim|invalid jwt|jwt.*invalid/i
const AUTH_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303', 'bad_jwt', 'session_expired'])

/**
 * Network errors, 5xx, 408 and 429 are retried later; 401 (or an expired-token answer) refreshes the
 * session first; any other 4xx (a CHECK, a trigger's refusal, RLS) is the server's refusal.
 */
export function classifyFailure(error: unknown): FailureAction {
  if (!(error instanceof OutboxFailure)) return { kind: 'retry' }
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
