import { describe, expect, it } from 'vitest'
import { refusalOutcome } from './refusal-outcome'

describe('a listing refused while it is sent from the form goes back to the form', () => {
  it('with the message beside its field (an address the geocoder did not find)', () => {
    const errors = { address: 'Please enter a correct address' }
    expect(refusalOutcome({ step: 'geocode', reason: errors.address, errors })).toEqual({
      status: 'invalid',
      errors,
    })
  })

  it("with 'Images not uploaded' when Storage refused a photo", () => {
    expect(refusalOutcome({ step: 'upload', reason: 'mime type not supported', errors: {} })).toEqual({
      status: 'failed',
      message: 'Images not uploaded',
    })
  })

  it("with the server's reason when it refused the row", () => {
    expect(refusalOutcome({ step: 'insert', reason: 'violates check constraint', errors: {} })).toEqual({
      status: 'failed',
      message: 'violates check constraint',
    })
  })
})
