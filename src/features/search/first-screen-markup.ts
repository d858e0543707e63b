// The components the first screen (build/first-screen/early-markup.tsx) renders to templates at build time, so
// that index.html's early drawing of a list's header and of /search is this feature's own markup.
export { FilterAndSortLink } from './components/filter-and-sort-link'
export { SearchControls } from './components/search-controls'
export { SearchViewSwitch } from './components/search-view-switch'
