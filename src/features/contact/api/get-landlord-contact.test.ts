import { describe, expect, it } from 'vitest'
import { parseLandlordContact } from './get-landlord-contact'

describe("parseLandlordContact: rpc landlord_contact's answer", () => {
  const landlord = { name: 'Ada', email: 'ada@example.com' }

  it('is the first contact, or null when the user owns no listing', () => {
    expect(parseLandlordContact([landlord])).toEqual(landlord)
    expect(parseLandlordContact(landlord)).toEqual(landlord)
    expect(parseLandlordContact([])).toBeNull()
    expect(parseLandlordContact(null)).toBeNull()
  })

  it('takes a contact without an email: the landlord does not show it to visitors', () => {
    expect(parseLandlordContact([{ name: 'Ada', email: null }])).toEqual({ name: 'Ada', email: null })
  })

  it('refuses a contact without a name or an email', () => {
    expect(() => parseLandlordContact([{ name: 'Ada' }])).toThrow(/no name or email/)
    expect(() => parseLandlordContact([{ name: null, email: 'ada@example.com' }])).toThrow(/no name or email/)
    expect(() => parseLandlordContact([landlord, 'x'])).toThrow(/no name or email/)
  })
})
