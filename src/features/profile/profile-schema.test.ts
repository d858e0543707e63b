import { describe, expect, it } from 'vitest'
import { toFieldErrors } from '../../utils/field-errors'
import { PROFILE_MESSAGES as M, profileDetailsSchema } from './profile-schema'

const errorsOf = (v: object) => {
  const result = profileDetailsSchema.safeParse(v)
  return result.success ? {} : toFieldErrors(result.error.issues)
}

describe('Personal Details', () => {
  it('takes a name of up to 80 characters and says so of a longer one', () => {
    expect(errorsOf({ name: 'n'.repeat(81), email: 'n@example.com' })).toEqual({
      name: 'Name must be at most 80 characters',
    })
    expect(errorsOf({ name: ` ${'n'.repeat(80)} `, email: 'n@example.com' })).toEqual({})
    expect(errorsOf({ name: ' ', email: 'n@example.com' })).toEqual({ name: M.nameRequired })
  })
})
