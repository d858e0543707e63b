import { Link } from '@tanstack/react-router'
import { Button } from '../../../components/button'
import { listingImageUrl } from '../../../lib/image-transform'
import type { StoredViewing } from '../../../types/viewing'
import { viewingIcs } from '../ics'
import { formatClock, formatViewingTime } from '../viewing-time'

export type ViewingActions = {
  cancel(viewing: StoredViewing): void
  answer(viewing: StoredViewing, accept: boolean): void
  runningLate(viewing: StoredViewing): void
}

const STATUS_TEXT = {
  booked: 'Booked',
  requested: 'Waiting for the landlord',
  declined: 'Declined',
  cancelled: 'Cancelled',
} as const

function statusText(viewing: StoredViewing): string {
  if (viewing.status === 'cancelled' && viewing.cancelledLate) return 'Cancelled late'
  if (viewing.cancelQueued) return 'Cancelled (sending when online)'
  if (viewing.status === 'requested' && viewing.role === 'landlord') return 'Request to confirm'
  return STATUS_TEXT[viewing.status]
}

const listingPath = (viewing: StoredViewing) => `/category/${viewing.listingType}/${viewing.listingId}`

/** Offers the viewing as an .ics file: the time, the address, the listing's link. */
function addToCalendar(viewing: StoredViewing) {
  const ics = viewingIcs({
    id: viewing.id,
    startsAt: viewing.startsAt,
    endsAt: viewing.endsAt,
    title: `Viewing: ${viewing.listingName}`,
    location: viewing.location,
    url: new URL(listingPath(viewing), location.origin).href,
  })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }))
  link.download = `viewing-${formatClock(viewing.startsAt).replace(':', '')}.ics`
  link.click()
  setTimeout(() => URL.revokeObjectURL(link.href), 1000)
}

/** One viewing: when, which home (photos, facts, address), with whom, and what can be done about it. */
export function ViewingCard({ viewing, actions }: { viewing: StoredViewing; actions: ViewingActions }) {
  const live = viewing.status === 'booked' || viewing.status === 'requested'
  const started = Date.parse(viewing.startsAt) <= Date.now()
  return (
    <article
      className="viewing-card"
      aria-label={`${formatViewingTime(viewing.startsAt)}: ${viewing.listingName}`}
    >
      <h3 className="viewing-card__title">
        {formatClock(viewing.startsAt)} ·{' '}
        <Link
          to="/category/$categoryName/$listingId"
          params={{ categoryName: viewing.listingType, listingId: viewing.listingId }}
        >
          {viewing.listingName}
        </Link>
      </h3>
      <p className="viewing-card__status">{statusText(viewing)}</p>
      <p className="viewing-card__address">{viewing.location}</p>
      <p className="viewing-card__facts">
        {viewing.bedrooms} bed · {viewing.bathrooms} bath · £{viewing.price.toLocaleString('en-GB')}
        {viewing.listingType === 'rent' ? ' a month' : ''}
        {viewing.otherName
          ? ` · ${viewing.role === 'hunter' ? 'Landlord' : 'Visitor'}: ${viewing.otherName}`
          : ''}
      </p>
      {viewing.imageUrls.length > 0 ? (
        <div className="viewing-card__photos">
          {viewing.imageUrls.map((url, index) => (
            <img
              key={url}
              src={listingImageUrl(url, 'card')}
              alt={`${viewing.listingName}, ${index + 1} of ${viewing.imageUrls.length}`}
            />
          ))}
        </div>
      ) : null}
      <div className="viewing-card__actions">
        {live ? (
          <Button variant="secondary" onClick={() => addToCalendar(viewing)}>
            Add to calendar
          </Button>
        ) : null}
        {live && viewing.role === 'landlord' && viewing.status === 'requested' ? (
          <>
            <Button onClick={() => actions.answer(viewing, true)}>Confirm</Button>
            <Button variant="destructive" onClick={() => actions.answer(viewing, false)}>
              Decline
            </Button>
          </>
        ) : null}
        {live && viewing.role === 'hunter' && viewing.status === 'booked' && !viewing.lateQueuedAt ? (
          <Button variant="secondary" onClick={() => actions.runningLate(viewing)}>
            Running late
          </Button>
        ) : null}
        {viewing.lateQueuedAt ? (
          <span className="viewing-card__note">Told the landlord you are late</span>
        ) : null}
        {live && !(started && viewing.role === 'landlord') ? (
          <Button variant="destructive" onClick={() => actions.cancel(viewing)}>
            Cancel
          </Button>
        ) : null}
        {viewing.conversationId ? (
          <Link to="/messages/$conversationId" params={{ conversationId: viewing.conversationId }}>
            Messages
          </Link>
        ) : null}
      </div>
    </article>
  )
}
