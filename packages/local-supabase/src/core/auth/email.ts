/** GoTrue keeps emails lowercased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/**
 * GoTrue's check: a local part of letters, digits and the harmless specials, a domain of dotted labels.
 * `? & % < >`, quotes, spaces, NUL and other control characters are refused, so an address can never
 * smuggle a query string or markup into a mailto: link or an email header.
 */
const EMAIL =
  /^[a-z0-9.!#$'*+/=^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

export const isValidEmail = (email: string) => email.length <= 255 && EMAIL.test(email)
