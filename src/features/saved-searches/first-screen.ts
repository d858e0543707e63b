// What the first screen (src/first-screen) takes from this feature: the Save search button's label, drawn under
// a search's controls. Relative imports only: the build's config loads this file.
export { SAVE_SEARCH_LABEL } from './save-search-copy'
