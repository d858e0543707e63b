// Defined with the other helpers index.html's inline script declares from their source (inline-script-helpers.ts).
export { formatHomeCount } from './inline-script-helpers'
