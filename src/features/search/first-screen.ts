// What the first screen (src/first-screen) takes from this feature: the search screen's words and its first
// page's size. Relative imports only: the build's config loads this file.
export { SEARCH_COPY, SORT_LABELS } from './search-copy'
export { SEARCH_PAGE_SIZE } from './search-query'
