/**
 * The headers of the lists a visitor lands on: each screen's title and its Filter and sort link. index.html's
 * inline script draws the same header above the first cards (src/first-screen/early-cards.ts), so both read from here.
 */
export const LIST_TITLES = { offers: 'Offers', rent: 'Places for Rent', sale: 'Places for Sale' } as const

export const FILTER_AND_SORT = 'Filter and sort'
