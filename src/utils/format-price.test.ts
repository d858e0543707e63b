import { describe, expect, it } from 'vitest'
import { askingPrice, formatListingPrice, formatPounds, offerDiscount } from './format-price'

const rent = { type: 'rent' as const, offer: false, regularPrice: 1250, discountedPrice: null }
const saleOnOffer = { type: 'sale' as const, offer: true, regularPrice: 450000, discountedPrice: 425000 }

describe('prices use a pound sign and comma thousands (spec §2, §9)', () => {
  it.each([
    [0, '£0'],
    [50, '£50'],
    [999, '£999'],
    [1000, '£1,000'],
    [12345, '£12,345'],
    [1250000, '£1,250,000'],
    [750000000, '£750,000,000'],
  ])('%d → %s', (amount, text) => {
    expect(formatPounds(amount)).toBe(text)
  })
})

describe('a listing shows its asking price', () => {
  it('adds " / month" for rent', () => {
    expect(formatListingPrice(rent)).toBe('£1,250 / month')
  })
  it('shows the discounted price when the listing is on offer', () => {
    expect(askingPrice(saleOnOffer)).toBe(425000)
    expect(formatListingPrice(saleOnOffer)).toBe('£425,000')
  })
  it('ignores a discounted price when there is no offer', () => {
    expect(askingPrice({ ...saleOnOffer, offer: false })).toBe(450000)
  })
})

describe('the discount is the regular price minus the discounted price', () => {
  it('is shown only for offers', () => {
    expect(offerDiscount(saleOnOffer)).toBe(25000)
    expect(offerDiscount(rent)).toBeNull()
  })
})
