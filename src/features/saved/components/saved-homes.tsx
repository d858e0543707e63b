import { useSavedListings } from '@/device/saved'
import { useShowsHomes } from '@/hooks/use-device-data-shown'
import { ListingCard } from '../../../components/listing-card'
import { Spinner } from '../../../components/spinner'
import { SaveToggle } from './save-toggle'

/** The homes saved on this device, newest save first; they open offline with their photos. */
export function SavedHomes() {
  const listings = useSavedListings()
  useShowsHomes(listings !== undefined && listings.length > 0)
  if (listings === undefined) return <Spinner />
  if (listings.length === 0)
    return (
      <div className="empty-state">
        <p>No saved homes yet</p>
        <p className="muted">
          Tap the heart on a home to keep it here. Saved homes open even without a connection.
        </p>
      </div>
    )
  return (
    <ul className="listing-list">
      {listings.map((listing) => (
        <ListingCard key={listing.id} listing={listing} action={<SaveToggle listing={listing} />} />
      ))}
    </ul>
  )
}
