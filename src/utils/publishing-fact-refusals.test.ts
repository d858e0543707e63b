import { describe, expect, it } from 'vitest'
import { PUBLISHING_FACT_REFUSALS, publishingFactRefused } from './publishing-fact-refusals'

describe('the refusals of a listing without a fact publishing needs', () => {
  it("names the fact each of the database's messages asks for", () => {
    expect(publishingFactRefused('Add the EPC rating (A–G) or mark it exempt')).toBe('epcRating')
    expect(publishingFactRefused(PUBLISHING_FACT_REFUSALS.councilTaxBand)).toBe('councilTaxBand')
    expect(publishingFactRefused(`${PUBLISHING_FACT_REFUSALS.deposit}\n`)).toBe('deposit')
  })

  it('names none for any other reason', () => {
    expect(
      publishingFactRefused('You can publish up to 20 new listings a day. Please try again tomorrow.'),
    ).toBeNull()
    expect(publishingFactRefused('')).toBeNull()
    expect(publishingFactRefused(null)).toBeNull()
  })
})
