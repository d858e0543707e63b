import { describe, expect, it } from 'vitest'
import { toFieldErrors } from '../../utils/field-errors'
import { forgotPasswordSchema, AUTH_MESSAGES as M, signInSchema, signUpSchema } from './auth-schemas'

const errorsOf = (
  schema: typeof signInSchema | typeof signUpSchema | typeof forgotPasswordSchema,
  v: object,
) => {
  const result = schema.safeParse(v)
  return result.success ? {} : toFieldErrors(result.error.issues)
}

describe('sign-in requires email and password (spec §5)', () => {
  it('names each missing field', () => {
    expect(errorsOf(signInSchema, { email: ' ', password: '' })).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    })
  })

  it('refuses an address that is not an email', () => {
    expect(errorsOf(signInSchema, { email: 'alice', password: 'x' })).toEqual({ email: M.emailInvalid })
  })

  it('trims the email', () => {
    expect(signInSchema.parse({ email: ' alice@example.com ', password: 'x' }).email).toBe(
      'alice@example.com',
    )
  })
})

describe('sign-up asks for a name, an email and a password of at least 6 characters', () => {
  it('names each broken rule', () => {
    expect(errorsOf(signUpSchema, { name: '', email: '', password: '12345' })).toEqual({
      name: M.nameRequired,
      email: M.emailRequired,
      password: M.passwordTooShort,
    })
    expect(errorsOf(signUpSchema, { name: 'Dee', email: 'dee@example.com', password: '123456' })).toEqual({})
  })

  it('takes a name of up to 80 characters, after trimming', () => {
    const signUp = (name: string) =>
      errorsOf(signUpSchema, { name, email: 'dee@example.com', password: '123456' })
    expect(signUp('d'.repeat(81))).toEqual({ name: M.nameTooLong })
    expect(M.nameTooLong).toBe('Name must be at most 80 characters')
    expect(signUp(` ${'d'.repeat(80)} `)).toEqual({})
  })
})

describe('forgot password requires an email (spec §5)', () => {
  it('refuses an empty one', () => {
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: M.emailRequired })
  })
})
