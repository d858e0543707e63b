/** GoTrue keeps emails lowercased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

// A pragmatic check: one @, a dot in the domain, no spaces (GoTrue's own check is similarly loose).
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export const isValidEmail = (email: string) => email.length <= 255 && EMAIL.test(email)
