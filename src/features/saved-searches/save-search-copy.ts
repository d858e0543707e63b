/**
 * The Save search button's label. index.html's inline script draws the search screen before the app's
 * scripts arrive (src/first-screen/early-cards.ts), button included, so both read it from here.
 */
export const SAVE_SEARCH_LABEL = 'Save search'

/** The button once the search is saved: it opens the saved searches. */
export const SAVED_SEARCH_LABEL = 'Saved'
