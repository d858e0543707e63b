// Defined with the other helpers index.html's inline script declares from their source (src/utils/inline-script-helpers.ts).
export { authStorageKey, holdsSession } from '../utils/inline-script-helpers'
