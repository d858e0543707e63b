import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { notify } from '../../../lib/toast'
import { fetchOpenTimes, type ViewingTime } from '../api/open-times'
import { CHOSEN_TIME_PARAM } from '../chosen-time'
import { formatClock, formatDay, formatViewingTime, londonDate } from '../viewing-time'
import './viewings.css'

type Outcome = { text: string; kind: 'done' | 'refused' }

/** The listing's next open times by day; a visitor signs in first and comes back to the same time. */
export default function BookingPanel({
  listingId,
  viewerId,
}: {
  listingId: string
  viewerId: string | null
}) {
  const [times, setTimes] = useState<ViewingTime[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [chosen, setChosen] = useState<string | null>(
    () => new URLSearchParams(location.search).get(CHOSEN_TIME_PARAM) ?? null,
  )
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const load = useCallback(() => {
    setFailed(false)
    fetchOpenTimes(listingId)
      .then(setTimes)
      .catch(() => setFailed(true))
  }, [listingId])
  useEffect(load, [load])
  const panel = useShownOnReturn(times, chosen)

  if (failed)
    return (
      <p className="book-viewing__note">
        Viewing times need a connection.{' '}
        <button type="button" className="link-button" onClick={load}>
          Try again
        </button>
      </p>
    )
  if (times === null) return <p className="book-viewing__note">Loading times…</p>
  if (outcome?.kind === 'done')
    return (
      <div className="book-viewing__done" role="status">
        <p>{outcome.text}</p>
        <Link to="/viewings" className="button button--secondary">
          Viewings
        </Link>
      </div>
    )
  const refusal =
    outcome?.kind === 'refused' ? (
      <p className="book-viewing__refused" role="alert">
        {outcome.text}
      </p>
    ) : null
  if (times.length === 0)
    return (
      <>
        {refusal}
        <p className="book-viewing__note">No viewing times are offered at the moment.</p>
      </>
    )

  const days = new Map<string, ViewingTime[]>()
  for (const time of times)
    days.set(londonDate(time.startsAt), [...(days.get(londonDate(time.startsAt)) ?? []), time])
  const picked = times.find((time) => time.id === chosen) ?? null
  const back = (slotId: string) => {
    const url = new URL(location.href)
    url.searchParams.set(CHOSEN_TIME_PARAM, slotId)
    return `${url.pathname}${url.search}`
  }

  const book = async (time: ViewingTime) => {
    setBusy(true)
    setOutcome(null)
    try {
      // The API client loads at the first press, off the listing page's first visit.
      const { bookTime } = await import('../api/viewings-remote')
      const booking = await bookTime(time.id)
      const text =
        booking.status === 'booked'
          ? `Viewing booked for ${formatViewingTime(booking.startsAt)}`
          : 'Request sent: the landlord will confirm'
      notify.success(text)
      setOutcome({ text, kind: 'done' })
    } catch (error) {
      setOutcome({ text: error instanceof Error ? error.message : String(error), kind: 'refused' })
      setChosen(null)
      load()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div ref={panel} className="book-viewing__panel">
      {[...days.values()].map((day) => (
        <div key={londonDate(day[0]?.startsAt ?? '')} className="book-viewing__day">
          <h3 className="book-viewing__day-title">{formatDay(day[0]?.startsAt ?? '')}</h3>
          <ul className="book-viewing__times">
            {day.map((time) => (
              <li key={time.id}>
                {viewerId === null ? (
                  <Link
                    to="/sign-in"
                    search={{ redirect: back(time.id) }}
                    className="book-viewing__time"
                    aria-label={`${formatViewingTime(time.startsAt)}: sign in to book`}
                  >
                    {formatClock(time.startsAt)}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="book-viewing__time"
                    aria-pressed={time.id === chosen}
                    aria-label={formatViewingTime(time.startsAt)}
                    onClick={() => setChosen(time.id)}
                  >
                    {formatClock(time.startsAt)}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {refusal}
      {picked && viewerId !== null ? (
        <Button block disabled={busy} onClick={() => void book(picked)}>
          {picked.confirmEach ? 'Request' : 'Book'} {formatViewingTime(picked.startsAt)}
        </Button>
      ) : null}
    </div>
  )
}

/**
 * Back from signing in to book: the panel scrolls into view once the time they chose is there, with its Book
 * button, wherever the page had opened.
 */
function useShownOnReturn(times: ViewingTime[] | null, chosen: string | null) {
  const panel = useRef<HTMLDivElement>(null)
  const cameBackTo = useRef(chosen)
  const ready = Boolean(times?.some((time) => time.id === cameBackTo.current))
  useEffect(() => {
    if (!ready) return
    cameBackTo.current = null
    panel.current?.scrollIntoView({ block: 'center' })
  }, [ready])
  return panel
}
