// Each function here uses only the others, by name: index.html's inline script declares them side by side
// to draw the first cards before the app's JS arrives (src/first-screen/early-cards.ts).

/** Whole pounds with comma thousands, e.g. 1250000 → "£1,250,000". */
export function formatPounds(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  const digits = Math.round(Math.abs(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}£${digits}`
}

export type Priced = {
  type: 'rent' | 'sale'
  offer: boolean
  regularPrice: number
  discountedPrice: number | null
}

/** The price a listing asks: the discounted price when it is on offer. */
export function askingPrice(listing: Priced): number {
  return listing.offer && listing.discountedPrice !== null ? listing.discountedPrice : listing.regularPrice
}

/** The asking price as shown everywhere: "£1,250" plus " / month" for rent. */
export function formatListingPrice(listing: Priced): string {
  const price = formatPounds(askingPrice(listing))
  return listing.type === 'rent' ? `${price} / month` : price
}

/** How much an offer takes off the regular price, or null when there is no offer. */
export function offerDiscount(listing: Priced): number | null {
  if (!listing.offer || listing.discountedPrice === null) return null
  return listing.regularPrice - listing.discountedPrice
}
