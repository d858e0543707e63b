import * as z from 'zod/mini'
import { PERSON_NAME_TOO_LONG, personNameFits } from '../../types/person-name'

export const AUTH_MESSAGES = {
  nameRequired: 'Enter your name',
  nameTooLong: PERSON_NAME_TOO_LONG,
  emailRequired: 'Enter your email',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Enter your password',
  passwordTooShort: 'Password must be at least 6 characters',
  // Spec §8
  badCredentials: 'Bad User Credentials',
  googleFailed: 'Could not authorise with Google',
  signUpFailed: 'Something went wrong with sign up!',
  resetSent: 'Email was sent!',
  resetFailed: 'Could not send reset email',
  // The reset screen's own texts
  passwordUpdated: 'Password updated!',
  passwordNotUpdated: 'Could not update password',
  confirmEmail: 'Check your email to confirm your account',
} as const

/** GoTrue's default minimum; longer rules are the server's to tell. */
export const PASSWORD_MIN_LENGTH = 6

const M = AUTH_MESSAGES
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const email = z.pipe(
  z.string().check(z.trim()),
  z.string().check(
    z.refine((text) => text !== '', M.emailRequired),
    z.refine((text) => text === '' || EMAIL.test(text), M.emailInvalid),
  ),
)
const requiredPassword = z.string().check(z.refine((text) => text !== '', M.passwordRequired))
const newPassword = z.string().check(
  z.refine((text) => text !== '', M.passwordRequired),
  z.refine((text) => text === '' || text.length >= PASSWORD_MIN_LENGTH, M.passwordTooShort),
)
const name = z.pipe(
  z.string().check(z.trim()),
  z.string().check(
    z.refine((text) => text !== '', M.nameRequired),
    z.refine(personNameFits, M.nameTooLong),
  ),
)

/** Spec §5: sign-in requires email and password. */
export const signInSchema = z.object({ email, password: requiredPassword })
/** Sign-up: name, email and a password the server will accept. */
export const signUpSchema = z.object({ name, email, password: newPassword })
/** Spec §5: forgot password requires an email. */
export const forgotPasswordSchema = z.object({ email })
export const resetPasswordSchema = z.object({ password: newPassword })
