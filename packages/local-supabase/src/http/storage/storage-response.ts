import type { Context } from 'hono'
import { StorageError, storageErrors } from '../../core/storage/storage-error'

type PgError = { code?: unknown; message?: unknown }

/** Maps what Postgres refused to the error Storage answers with. */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  if (error instanceof StorageError) return error
  const code = (error as PgError | null)?.code
  if (typeof code !== 'string') return undefined
  if (code === '42501') return storageErrors.accessDenied()
  if (code === '23505') return storageErrors.keyAlreadyExists()
  if (code === '23503') return storageErrors.noSuchBucket()
  // Data exceptions (bad uuid, too long…) and check violations are the caller's input.
  if (code.startsWith('22') || code === '23514' || code === 'P0001') {
    return storageErrors.invalidRequest(String((error as PgError).message))
  }
  return undefined
}

/** Renders a Storage error as Storage does: HTTP 400 (or 500) with the intended status in the body. */
export function storageErrorResponse(c: Context, error: unknown): Response {
  const known = fromDatabaseError(error)
  if (!known) throw error
  return c.json(known.toJSON(), known.httpStatus)
}
