import type { SearchSort } from '../../types/home-search'

/**
 * The search screen's words above its results. index.html's inline script draws the same screen before
 * the app's scripts arrive (src/first-screen/early-cards.ts), so both read them from here.
 */
export const SEARCH_COPY = {
  title: 'Search',
  queryLabel: 'Search by place or keyword',
  /** The place field's hint, short enough for its width on a phone. */
  queryHint: 'Place or keyword',
  submit: 'Search',
  filters: 'Filters',
  sortBy: 'Sort by',
  view: 'View',
  list: 'List',
  map: 'Map',
}

/** The filter that keeps homes under offer, sold STC or let agreed in the results (on by default). */
export const UNDER_OFFER_LABEL = 'Include under offer' as const

export const SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest',
  'price-asc': 'Lowest price',
  'price-desc': 'Highest price',
  reduced: 'Recently reduced',
}
