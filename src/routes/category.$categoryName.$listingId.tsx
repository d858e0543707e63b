import { createFileRoute, Link, notFound, redirect, useRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { NotFound } from '../components/not-found'
import { useStoredListing } from '../device/listings'
import { loadListing } from '../features/listings/api/get-listing'
import { ListingDetails } from '../features/listings/components/listing-details'
import { ListingGallery } from '../features/listings/components/listing-gallery'
import { ListingLoadError } from '../features/listings/components/listings-load-error'
import { ShareButton } from '../features/listings/components/share-button'
import { useLiveListing, useOffMarketMoment } from '../features/listings/components/use-live-listing'
import { LocationMapWhenSeen } from '../features/map/components/location-map-when-seen'
import { ReportListing } from '../features/report-listing/components/report-listing'
import { SaveToggle } from '../features/saved/components/save-toggle'
import { BookViewing } from '../features/viewings/components/book-viewing'
import { useShowsHomes } from '../hooks/use-device-data-shown'
import { useSession } from '../hooks/use-session'
import { isUnreachable, unlessUnreachable } from '../lib/errors'
import type { Listing } from '../types/listing'
import { isListingId } from '../utils/listing-id'
import { isOnMarket } from '../utils/on-market'

// Notes on the home (signed in only), loaded beside the first render: the page is near its JS budget.
const ListingNotes = lazy(() => import('../features/saved/components/listing-notes'))

export const Route = createFileRoute('/category/$categoryName/$listingId')({
  // An id that is not a UUID names no listing: the page says so without asking anyone.
  params: {
    parse: ({ listingId }) => {
      if (!isListingId(listingId)) throw notFound()
      return { listingId }
    },
    stringify: ({ listingId }) => ({ listingId }),
  },
  // The device's copy or the server's; offline without a copy, a sentence of what needs a connection.
  loader: async ({ params }) => {
    const listing = await unlessUnreachable(loadListing(params.listingId))
    if (!listing) throw notFound()
    // A home shown under the other category's address moves to its own, in place of the wrong entry.
    if (!isUnreachable(listing) && listing.type !== params.categoryName) {
      throw redirect({
        to: '/category/$categoryName/$listingId',
        params: { categoryName: listing.type, listingId: listing.id },
        replace: true,
      })
    }
    return listing
  },
  component: ListingPage,
  notFoundComponent: ListingNotFound,
})

function ListingNotFound() {
  return <NotFound title="Listing not found" message="This listing does not exist or has been removed." />
}

function ListingPage() {
  const loaded = Route.useLoaderData()
  const router = useRouter()
  if (isUnreachable(loaded))
    return (
      <div className="page">
        <ListingLoadError onRetry={() => void router.invalidate()} />
      </div>
    )
  return <StoredListingPage initial={loaded} />
}

function StoredListingPage({ initial }: { initial: Listing }) {
  // The device's copy, kept live: a background refresh updates it, or removes it when the listing is gone.
  const listing = useStoredListing(initial)
  if (!listing) return <ListingNotFound />
  return <ListingView listing={listing} />
}

function ListingView({ listing }: { listing: Listing }) {
  useShowsHomes(true)
  const session = useSession()
  const viewerId = session.status === 'signedIn' ? session.user.id : null
  // Who would report it; a visitor (null) is sent to sign in first. A user without an email is treated as one.
  const viewerEmail = session.status === 'signedIn' ? (session.user.email ?? null) : null
  const isOwner = viewerId !== null && viewerId === listing.userRef
  useLiveListing(listing.id, viewerId !== null)
  useOffMarketMoment(listing.offMarketAt)
  return (
    <article className="page listing-page">
      <div className="listing-page__media">
        <ListingGallery name={listing.name} imageUrls={listing.imageUrls} />
        <div className="listing-page__tools">
          <SaveToggle listing={listing} />
          <ShareButton title={listing.name} />
        </div>
      </div>
      <div className="listing-page__body">
        <ListingDetails listing={listing} />
        {viewerId ? (
          <Suspense fallback={null}>
            <ListingNotes listingId={listing.id} userId={viewerId} />
          </Suspense>
        ) : null}
        {isOwner ? (
          <Link
            to="/edit-listing/$listingId"
            params={{ listingId: listing.id }}
            className="button button--secondary button--block listing-page__contact"
          >
            Edit Listing
          </Link>
        ) : !isOnMarket(listing) ? null : (
          // On a phone a bar above the navigation, so Contact Landlord is never below the fold.
          <div className="listing-page__contact-bar">
            <Link
              to="/contact/$landlordId"
              params={{ landlordId: listing.userRef }}
              search={{ listingName: listing.name, listingId: listing.id, listingType: listing.type }}
              className="button button--primary button--block listing-page__contact"
            >
              Contact Landlord
            </Link>
          </div>
        )}
        {isOwner ? (
          <Link
            to="/viewing-times/$listingId"
            params={{ listingId: listing.id }}
            className="button button--secondary button--block listing-page__contact"
          >
            Viewing times
          </Link>
        ) : isOnMarket(listing) ? (
          <BookViewing listingId={listing.id} viewerId={viewerId} />
        ) : null}
        {isOwner ? null : <ReportListing listingId={listing.id} reporterEmail={viewerEmail} />}
      </div>
      {listing.geolocation ? (
        <section className="listing-page__map" aria-labelledby="location-title">
          <h2 id="location-title" className="section-title">
            Location
          </h2>
          <LocationMapWhenSeen
            latitude={listing.geolocation.lat}
            longitude={listing.geolocation.lng}
            label={listing.location}
          />
        </section>
      ) : null}
    </article>
  )
}
