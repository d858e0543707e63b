import * as z from 'zod/mini'
import { PERSON_NAME_TOO_LONG, personNameFits } from '../../types/person-name'

export const PROFILE_MESSAGES = {
  nameRequired: 'Enter your name',
  nameTooLong: PERSON_NAME_TOO_LONG,
  emailRequired: 'Enter your email',
  emailInvalid: 'Enter a valid email address',
  // Spec §8
  nameUpdated: 'Name updated!',
  nameNotUpdated: 'Could not update profile details',
  emailUpdated: 'Email updated!',
  emailNotUpdated: 'Could not update email details',
} as const

const M = PROFILE_MESSAGES
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Personal Details: a name and an email, both required. */
export const profileDetailsSchema = z.object({
  name: z.pipe(
    z.string().check(z.trim()),
    z.string().check(
      z.refine((t) => t !== '', M.nameRequired),
      z.refine(personNameFits, M.nameTooLong),
    ),
  ),
  email: z.pipe(
    z.string().check(z.trim()),
    z.string().check(
      z.refine((t) => t !== '', M.emailRequired),
      z.refine((t) => t === '' || EMAIL.test(t), M.emailInvalid),
    ),
  ),
})
