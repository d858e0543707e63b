import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { ListingCard, type ListingCardData } from '../../../components/listing-card'
import { LoadMoreButton } from '../../../components/load-more-button'
import { Spinner } from '../../../components/spinner'
import { usePublishedDraftIds } from '../../../device/drafts'
import { editsOf, type ListingEditEntry, pendingView, queueListingEdit } from '../../../device/listing-edits'
import { useStoredListingsOf } from '../../../device/listings'
import { useOutbox } from '../../../device/outbox'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import type { Listing } from '../../../types/listing'
import {
  EDIT_REFUSALS,
  LISTING_EDIT_KIND,
  LISTING_EDIT_QUEUED_EVENT,
  photoUrls,
} from '../../../types/listing-edit'
import { type ListingStatus, statusesFor } from '../../../types/listing-status'
import { withFields } from '../../../utils/listing-fields'
import { statusLabel } from '../../../utils/market-status'
import { lacksPublishingFacts } from '../../../utils/property-facts'
import { deleteListing } from '../api/delete-listing'
import { getHiddenListings } from '../api/get-hidden-listings'
import { refreshMyListings } from '../api/get-my-listings'
import './my-listings.css'

export const MY_LISTINGS_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete?',
  deleted: 'Successfully deleted listing',
  notDeleted: 'Could not delete listing',
  loadFailed: 'Could not fetch listings',
  waiting: 'Waiting to sync',
  deletedElsewhere: 'This listing was deleted',
  refused: 'Not synced: open it to see why',
  empty: 'You have no listings yet.',
  offline: 'You are offline. Your listings show here once they have been loaded with a connection.',
  hidden: (names: string[]) =>
    `Reported by several people, hidden from lists and search until we review ${names.length === 1 ? 'it' : 'them'}: ${names.join(', ')}.`,
} as const

type Freshness = 'loading' | 'fresh' | 'failed'

/** Your Listings shows this many at a time, as every list in the app does, with Load More for the next. */
export const MY_LISTINGS_PAGE = 10

/** The listing as the person left it: the device's copy with their edits still waiting laid over it. */
function shownWithEdits(listing: Listing, edits: readonly ListingEditEntry[]): Listing {
  if (edits.length === 0) return listing
  const { fields, photos } = pendingView(listing, edits)
  return withFields(listing, fields, photoUrls(photos))
}

/** Says that a change of the listing has not reached the server yet (or was refused). */
function syncBadge(edits: readonly ListingEditEntry[]) {
  if (edits.length === 0) return undefined
  const refused = edits.some((edit) => edit.state === 'refused')
  return (
    <span className={`badge ${refused ? 'badge--danger' : 'badge--waiting'}`}>
      {refused ? MY_LISTINGS_MESSAGES.refused : MY_LISTINGS_MESSAGES.waiting}
    </span>
  )
}

/** The quick status choice of one listing: the statuses of its type, written through the listing's edits. */
function StatusChoice({
  listing,
  disabled,
  onChange,
}: {
  listing: Listing
  disabled: boolean
  onChange: (status: ListingStatus) => void
}) {
  return (
    <select
      className="my-listings__status"
      aria-label={`Status of ${listing.name}`}
      value={listing.status ?? 'available'}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as ListingStatus)}
    >
      {statusesFor(listing.type).map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </select>
  )
}

/**
 * A number that grows whenever one of the user's listings changes elsewhere (another phone or tab edits,
 * changes the status of, or deletes one; a moderator hides or lists it again: event `my_listing` on their own
 * topic) and after every join and re-join of that topic, when what changed meanwhile is read.
 */
function useMyListingsChanges(userId: string): number {
  const [changes, setChanges] = useState(0)
  useEffect(() => {
    let live = true
    let stop: (() => void) | undefined
    const changed = () => setChanges((n) => n + 1)
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (!live) return
      stop = watchLive(`user:${userId}`, {
        onJoined: changed,
        onEvent: ({ event }) => {
          if (event === 'my_listing') changed()
        },
      })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [userId])
  return changes
}

/**
 * Whether the user's listings were read afresh ('loading' until the first read ends), and the names of those
 * the server hides: read whenever the device is online (on opening, on reconnecting), when a draft of theirs
 * reaches the server, and live, when one of them changes elsewhere.
 */
function useFreshMyListings(userId: string, online: boolean) {
  const published = usePublishedDraftIds(userId)
  const changes = useMyListingsChanges(userId)
  const [freshness, setFreshness] = useState<Freshness>('loading')
  const [hidden, setHidden] = useState<string[]>([])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a draft reaching the server (published), or a change made elsewhere (changes), asks for a fresh read.
  useEffect(() => {
    if (!online) return
    let current = true
    getHiddenListings(userId).then(
      (rows) => current && setHidden(rows.map((row) => row.name)),
      () => undefined,
    )
    refreshMyListings(userId).then(
      () => current && setFreshness('fresh'),
      () => {
        if (!current) return
        setFreshness('failed')
        if (navigator.onLine) notify.error(MY_LISTINGS_MESSAGES.loadFailed)
      },
    )
    return () => {
      current = false
    }
  }, [userId, online, published, changes])

  return { freshness, hidden }
}

/** `Add the property facts`, on a listing that lacks those publishing will need: to its edit screen. */
function AddFactsLink({ listing }: { listing: Listing }) {
  if (!lacksPublishingFacts(listing.type, listing)) return null
  return (
    <Link to="/edit-listing/$listingId" params={{ listingId: listing.id }} className="my-listings__facts">
      Add the property facts
      <span className="visually-hidden"> of {listing.name}</span>
    </Link>
  )
}

/**
 * Your Listings on the profile: the user's listings with edit and delete, 10 at a time with Load More (so the
 * account's sections under it stay near), plus the way to add one. They show
 * from the device's copy at once (offline too) and are read afresh whenever the device is online: on opening,
 * on reconnecting, and when a draft of theirs reaches the server.
 */
export function MyListings({ userId }: { userId: string }) {
  const navigate = useNavigate()
  const stored = useStoredListingsOf(userId)
  const online = useOnlineStatus()
  const { freshness, hidden } = useFreshMyListings(userId, online)
  const entries = useOutbox(userId)
  const [shown, setShown] = useState(MY_LISTINGS_PAGE)

  async function remove(card: ListingCardData) {
    if (!window.confirm(MY_LISTINGS_MESSAGES.confirmDelete)) return
    try {
      await deleteListing(card)
      notify.success(MY_LISTINGS_MESSAGES.deleted)
    } catch {
      notify.error(MY_LISTINGS_MESSAGES.notDeleted)
    }
  }

  async function setStatus(listing: Listing, edits: ListingEditEntry[], status: ListingStatus) {
    const { fields } = pendingView(listing, edits)
    const queued = await queueListingEdit({
      userId,
      seen: listing,
      queued: edits,
      fields: { ...fields, status },
      photos: null,
      newPhotos: [],
      locate: false,
    })
    if (queued) window.dispatchEvent(new Event(LISTING_EDIT_QUEUED_EVENT))
  }

  const listings = stored ?? []
  const shownIds = new Set(listings.map((listing) => listing.id))
  // Edits refused because the listing was deleted elsewhere: the listing is gone from the list, the person's
  // text is not (its edit screen shows it to copy).
  const deleted = entries.flatMap((entry) =>
    entry.kind === LISTING_EDIT_KIND &&
    entry.reason === EDIT_REFUSALS.deleted &&
    !shownIds.has(entry.payload.listingId)
      ? [entry]
      : [],
  )
  const emptyText = !online
    ? MY_LISTINGS_MESSAGES.offline
    : freshness === 'failed'
      ? MY_LISTINGS_MESSAGES.loadFailed
      : freshness === 'fresh'
        ? MY_LISTINGS_MESSAGES.empty
        : null

  return (
    <>
      <Link to="/create-listing" className="button button--primary button--block my-listings__create">
        Sell or rent your home
      </Link>
      <section aria-labelledby="your-listings-title" aria-busy={listings.length === 0 && emptyText === null}>
        <h2 id="your-listings-title" className="section-title">
          Your Listings
        </h2>
        {hidden.length > 0 ? (
          <p className="my-listings__hidden" role="status">
            {MY_LISTINGS_MESSAGES.hidden(hidden)}
          </p>
        ) : null}
        {deleted.map((entry) => {
          const edit = entry.payload
          return (
            <p key={entry.id} className="my-listings__hidden" role="status">
              {MY_LISTINGS_MESSAGES.deletedElsewhere}: {edit.changes.name ?? edit.base.name}.{' '}
              <Link to="/edit-listing/$listingId" params={{ listingId: edit.listingId }}>
                See your changes
              </Link>
            </p>
          )
        })}
        {listings.length > 0 ? (
          <ul className="listing-list my-listings__list">
            {listings.slice(0, shown).map((stored) => {
              const edits = editsOf(entries, stored.id)
              const listing = shownWithEdits(stored, edits)
              return (
                <ListingCard
                  key={listing.id}
                  listing={listing}
                  headingLevel={3}
                  badge={syncBadge(edits)}
                  action={
                    <StatusChoice
                      listing={listing}
                      disabled={
                        stored.version === undefined || edits.some((edit) => edit.state === 'refused')
                      }
                      onChange={(status) => void setStatus(stored, edits, status)}
                    />
                  }
                  onEdit={(card) =>
                    void navigate({ to: '/edit-listing/$listingId', params: { listingId: card.id } })
                  }
                  onDelete={(card) => void remove(card)}
                  footer={<AddFactsLink listing={listing} />}
                />
              )
            })}
          </ul>
        ) : emptyText === null ? (
          <Spinner size="small" />
        ) : (
          <p className="empty-state">{emptyText}</p>
        )}
        {listings.length > shown ? (
          <LoadMoreButton onLoad={() => setShown((count) => count + MY_LISTINGS_PAGE)} />
        ) : null}
      </section>
    </>
  )
}
