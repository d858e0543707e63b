import { parseError } from './errors'

/** Rows a read may return, as the `db-max-rows` setting of Supabase (`[api] max_rows`). */
export const MAX_ROWS = 1000

export type Page = { offset: number; limit: number }

const nonNegative = (name: string, value: string | null): number | null => {
  if (value === null) return null
  if (!/^\d+$/.test(value)) throw parseError(name, value, 'expecting a non-negative integer')
  return Number(value)
}

/**
 * The rows to read: `limit`/`offset` query parameters intersected with a `Range: a-b` header, capped at
 * `MAX_ROWS`.
 */
export function resolvePage(
  limitParam: string | null,
  offsetParam: string | null,
  rangeHeader: string | null,
): Page {
  const limit = nonNegative('limit', limitParam)
  const offset = nonNegative('offset', offsetParam) ?? 0
  let lower = offset
  let upper = limit === null ? Number.POSITIVE_INFINITY : offset + limit - 1
  const range = rangeHeader ? /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(rangeHeader) : null
  if (range) {
    lower = Math.max(lower, Number(range[1]))
    if (range[2]) upper = Math.min(upper, Number(range[2]))
  }
  const span = upper === Number.POSITIVE_INFINITY ? MAX_ROWS : Math.max(0, upper - lower + 1)
  return { offset: lower, limit: Math.min(span, MAX_ROWS) }
}

/** `Content-Range`: `0-9/57`, `0-9/*`, or `*\/0` when no row was returned. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total)
  return rows > 0 ? `${offset}-${offset + rows - 1}/${totalText}` : `*/${totalText}`
}

/** 200, 206 when the page is a part of a known total, or 416 when the offset is past it (`RangeQuery.hs`). */
export function rangeStatus(offset: number, rows: number, total: number | null): 200 | 206 | 416 {
  if (total === null) return 200
  if (offset > total) return 416
  return rows < total ? 206 : 200
}
