import { useEffect, useId, useState } from 'react'
import { useStoredPriceHistory } from '../../../device/listings-price-history'
import type { Listing } from '../../../types/listing'
import type { PriceChange } from '../../../types/price-change'
import { priceChangeText } from '../../../utils/format-market'
import { refreshPriceHistory } from '../api/get-price-history'

/**
 * Every change of the price a person pays, oldest first: `Listed at £2,225 on 1 Oct`, `Reduced to £2,000 on
 * 3 Nov`… Read afresh whenever the listing changes, and from the device's copy offline.
 */
export function PriceHistory({ listing }: { listing: Pick<Listing, 'id' | 'updatedAt' | 'version'> }) {
  const titleId = useId()
  const stored = useStoredPriceHistory(listing.id)
  const [fetched, setFetched] = useState<{ id: string; changes: PriceChange[] } | null>(null)
  const { id, updatedAt, version } = listing
  useEffect(() => {
    if (!navigator.onLine) return
    let cancelled = false
    // The version and update time only say when to read again: a changed price writes a new history row.
    void [updatedAt, version]
    refreshPriceHistory(id).then(
      (changes) => {
        if (!cancelled) setFetched({ id, changes })
      },
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [id, updatedAt, version])
  const changes = fetched?.id === id ? fetched.changes : stored
  if (!changes || changes.length === 0) return null
  return (
    <section className="listing-details__history" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        Price history
      </h2>
      <ul className="price-history">
        {changes.map((change) => (
          <li key={`${change.changedAt}:${change.price}`}>{priceChangeText(change)}</li>
        ))}
      </ul>
    </section>
  )
}
