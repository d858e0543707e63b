import { describe, expect, it } from 'vitest'
import { fromPgError, pgErrorStatus } from './errors'

describe('SQLSTATE to HTTP status', () => {
  it.each([
    ['23505', 409],
    ['23503', 409],
    ['23514', 400],
    ['23502', 400],
    ['22P02', 400],
    ['42703', 400],
    ['42P01', 404],
    ['42883', 404],
    ['25006', 405],
    ['P0001', 400],
    ['PT418', 418],
    ['08006', 503],
    ['XX000', 500],
    ['28000', 403],
  ])('%s → %i', (state, status) => {
    expect(pgErrorStatus(state, 'x', false)).toBe(status)
  })

  it('gives 42501 as 401 to anon and 403 to everyone else', () => {
    expect(pgErrorStatus('42501', 'permission denied', true)).toBe(401)
    expect(pgErrorStatus('42501', 'permission denied', false)).toBe(403)
  })

  it('gives 21000 as 400 only for safeupdate refusals', () => {
    expect(pgErrorStatus('21000', 'DELETE requires a WHERE clause', false)).toBe(400)
    expect(pgErrorStatus('21000', 'more than one row returned by a subquery', false)).toBe(500)
  })

  it('copies message, detail and hint of a Postgres error', () => {
    const error = fromPgError(
      { code: '23505', message: 'duplicate', detail: 'Key (a)=(1)', hint: undefined },
      false,
    )
    expect(error?.status).toBe(409)
    expect(error?.body).toEqual({ code: '23505', message: 'duplicate', details: 'Key (a)=(1)', hint: null })
    expect(fromPgError(new Error('not pg'), false)).toBeUndefined()
  })
})
