import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { ListingCard, type ListingCardData } from '../../../components/listing-card'
import { notify } from '../../../lib/toast'
import { deleteListing } from '../api/delete-listing'
import { type ListingRecord, toCardData } from '../listing-record'
import './listing-form.css'

export const MY_LISTINGS_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete?',
  deleted: 'Successfully deleted listing',
  notDeleted: 'Could not delete listing',
  loadFailed: 'Could not fetch listings',
} as const

/** Your Listings on the profile: each of the user's listings with edit and delete, plus the way to add one. */
export function MyListings({ initial }: { initial: ListingRecord[] | null }) {
  const [listings, setListings] = useState(initial ?? [])
  const navigate = useNavigate()

  async function remove(card: ListingCardData) {
    if (!window.confirm(MY_LISTINGS_MESSAGES.confirmDelete)) return
    try {
      await deleteListing(card)
      setListings((current) => current.filter((listing) => listing.id !== card.id))
      notify.success(MY_LISTINGS_MESSAGES.deleted)
    } catch {
      notify.error(MY_LISTINGS_MESSAGES.notDeleted)
    }
  }

  return (
    <>
      <Link to="/create-listing" className="button button--primary button--block my-listings__create">
        Sell or rent your home
      </Link>
      <section aria-labelledby="your-listings-title">
        <h2 id="your-listings-title" className="section-title">
          Your Listings
        </h2>
        {initial === null ? (
          <p className="empty-state">{MY_LISTINGS_MESSAGES.loadFailed}</p>
        ) : listings.length === 0 ? (
          <p className="empty-state">You have no listings yet.</p>
        ) : (
          <ul className="listing-list">
            {listings.map((listing) => (
              <ListingCard
                key={listing.id}
                listing={toCardData(listing)}
                headingLevel={3}
                onEdit={(card) =>
                  void navigate({ to: '/edit-listing/$listingId', params: { listingId: card.id } })
                }
                onDelete={(card) => void remove(card)}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
