import { describe, expect, it } from 'vitest'
import { isValidEmail } from './email'

describe('email addresses, as Supabase Auth validates them', () => {
  it('takes ordinary addresses', () => {
    for (const email of ['alice@example.com', 'a.b+tag@mail.example.co.uk', "o'neil@example.org"]) {
      expect(isValidEmail(email)).toBe(true)
    }
  })
  it('refuses query strings, markup, spaces, NUL and control characters', () => {
    for (const email of [
      'me@evil.example?bcc=spy%40evil.example&x=',
      'a&b@example.com',
      'a%b@example.com',
      '<a>@example.com',
      'a@example.com>',
      'a\u0000@example.com',
      'a\r\nbcc:x@example.com',
      'a b@example.com',
      'a@example',
      'a@-example.com',
    ]) {
      expect(isValidEmail(email), email).toBe(false)
    }
  })
})
