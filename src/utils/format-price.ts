// Defined with the other helpers index.html's inline script declares from their source (inline-script-helpers.ts).
export {
  askingPrice,
  formatListingPrice,
  formatPounds,
  offerDiscount,
  type Priced,
} from './inline-script-helpers'
