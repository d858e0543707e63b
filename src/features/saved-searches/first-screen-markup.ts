// The component the first screen (build/first-screen/early-markup.tsx) renders to a template at build time, so
// that index.html's early drawing of /search shows this feature's own Save search.
export { SaveSearchButton } from './components/save-search-button'
