import { useEffect } from 'react'
import { ListingCard } from '../../../components/listing-card'
import { Spinner } from '../../../components/spinner'
import { useSavedListings } from '../../../device/saved'
import { useShortlistListings } from '../../../device/shortlist'
import { useShowsHomes } from '../../../hooks/use-device-data-shown'
import { useUserId } from '../../../hooks/use-session'
import { HomeNotes } from './home-notes'
import { SaveToggle } from './save-toggle'

/**
 * The homes saved on this device, newest save first, with their status and any recent reduction, then those the
 * shared shortlist's others added; each with its notes (signed in). They open offline with their photos.
 */
export function SavedHomes() {
  const own = useSavedListings()
  const userId = useUserId()
  // The shared shortlist's homes the others added join the person's own.
  const shortlist = useShortlistListings(userId)
  const listings =
    own === undefined
      ? undefined
      : [...own, ...shortlist.filter((home) => !own.some((saved) => saved.id === home.id))]
  const hasSaves = listings !== undefined && listings.length > 0
  // A visitor's saved homes take the server's status, price and history when the tab opens online (and when
  // the connection comes back); a signed-in person's do with every sync of their saves (SavedSync).
  useEffect(() => {
    if (userId || !hasSaves) return
    const refresh = () => {
      if (navigator.onLine)
        void import('../api/refresh-saved-homes')
          .then(({ refreshSavedHomes }) => refreshSavedHomes())
          .catch(() => undefined)
    }
    refresh()
    window.addEventListener('online', refresh)
    return () => window.removeEventListener('online', refresh)
  }, [userId, hasSaves])
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
        <ListingCard
          key={listing.id}
          listing={listing}
          action={<SaveToggle listing={listing} />}
          showReduction
          footer={userId ? <HomeNotes listingId={listing.id} userId={userId} /> : undefined}
        />
      ))}
    </ul>
  )
}
