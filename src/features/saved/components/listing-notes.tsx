import { HomeNotes } from './home-notes'
import './saved.css'

/** A listing page's notes (the person's own and their shortlist's), loaded beside the page's first render. */
export default function ListingNotes({ listingId, userId }: { listingId: string; userId: string }) {
  return (
    <section className="listing-page__notes" aria-label="Notes">
      <HomeNotes listingId={listingId} userId={userId} />
    </section>
  )
}
