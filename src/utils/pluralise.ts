// Defined with the other helpers index.html's inline script declares from their source (inline-script-helpers.ts).
export { pluralise } from './inline-script-helpers'
