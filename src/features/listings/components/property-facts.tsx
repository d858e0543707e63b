import type { Listing } from '../../../types/listing'
import { EPC_RATINGS, type EpcLetter, propertyFactRows } from '../../../utils/property-facts'
import './property-facts.css'

/**
 * A listing's `Property facts` (issue 55), as a description list: each fact, or `Not provided`. The EPC rating
 * is its letter on the bands' colour scale (A dark green to G red), read out as `EPC rating C`. Loaded beside
 * the page's first render, not in it: the page is near its JS budget.
 */
export default function PropertyFacts({ listing }: { listing: Listing }) {
  return (
    <section className="property-facts" aria-labelledby="property-facts-title">
      <h2 id="property-facts-title" className="section-title">
        Property facts
      </h2>
      <dl className="property-facts__list">
        {propertyFactRows(listing.type, listing).map((row) => (
          <div key={row.term} className="property-facts__item">
            <dt>{row.term}</dt>
            <dd>{row.epc ? <EpcScale rating={row.epc} label={row.value} /> : row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The seven bands with the listing's one raised and outlined; the words are for a screen reader. */
function EpcScale({ rating, label }: { rating: EpcLetter; label: string }) {
  return (
    <span className="epc-scale">
      <span className="visually-hidden">{label}</span>
      <span className="epc-scale__bands" aria-hidden="true" data-testid="epc-scale">
        {EPC_RATINGS.map((letter) => (
          <span
            key={letter}
            className={`epc-scale__band epc-scale__band--${letter.toLowerCase()}${letter === rating ? ' epc-scale__band--current' : ''}`}
          >
            {letter}
          </span>
        ))}
      </span>
    </span>
  )
}
