import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { keepViewings, queueCancel, queueRunningLate, useKeptViewings } from '../../../device/viewings'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import type { StoredViewing } from '../../../types/viewing'
import { answerRequest, fetchMyViewings } from '../api/viewings-remote'
import { formatDay, londonDate } from '../viewing-time'
import { ViewingCard } from './viewing-card'
import './viewings.css'

/** How late `Running late` says the hunter is. */
const LATE_MINUTES = 10

/** A home on a day's route, for the map the route draws. */
export type RouteStop = { id: string; label: string; latitude: number; longitude: number }

const sendQueued = (userId: string) =>
  import('../api/viewing-outbox')
    .then(({ sendQueuedViewings }) => sendQueuedViewings(userId))
    .catch(() => null)

/**
 * The person's viewings from either side, in time order and by day, read from the device first (a viewing day
 * opens with no signal) and refreshed from the server when online. Cancel and Running late are queued in the
 * device's outbox and sent once the signal returns. `renderRoute` draws a day's homes on a map.
 */
export function ViewingsList({
  userId,
  renderRoute,
}: {
  userId: string
  renderRoute?: (stops: RouteStop[]) => ReactNode
}) {
  const viewings = useKeptViewings(userId)
  const online = useOnlineStatus()
  const [loaded, setLoaded] = useState(false)

  const refresh = useCallback(async () => {
    if (!navigator.onLine) return
    try {
      await sendQueued(userId)
      await keepViewings(userId, await fetchMyViewings())
      setLoaded(true)
    } catch {
      // The kept copy stays on screen; the next refresh tries again.
    }
  }, [userId])

  useEffect(() => {
    void refresh()
    let sentEvent: string | null = null
    const again = () => void refresh()
    void import('../../../lib/outbox/runner').then(({ OUTBOX_SENT_EVENT }) => {
      sentEvent = OUTBOX_SENT_EVENT
      window.addEventListener(sentEvent, again)
    })
    window.addEventListener('online', again)
    return () => {
      window.removeEventListener('online', again)
      if (sentEvent) window.removeEventListener(sentEvent, again)
    }
  }, [refresh])

  const actions = {
    cancel: async (viewing: StoredViewing) => {
      if (!(await queueCancel(userId, viewing.id)))
        return notify.error('This device could not keep the cancellation')
      notify.info(navigator.onLine ? 'Viewing cancelled' : 'Cancelled: sent when you are back online')
      void refresh()
    },
    runningLate: async (viewing: StoredViewing) => {
      if (!(await queueRunningLate(userId, viewing.id, LATE_MINUTES))) return
      notify.info(
        navigator.onLine ? 'The landlord knows you are running late' : 'Sent when you are back online',
      )
      void refresh()
    },
    answer: async (viewing: StoredViewing, accept: boolean) => {
      try {
        await answerRequest(viewing.id, accept)
        notify.success(accept ? 'Viewing confirmed' : 'Request declined')
        await refresh()
      } catch (error) {
        notify.error(error instanceof Error ? error.message : String(error))
      }
    },
  }

  if (viewings.length === 0)
    return (
      <p className="viewings__empty">
        {loaded || online
          ? 'No viewings yet. Book one from a listing’s page.'
          : 'Your viewings need a connection.'}
      </p>
    )

  const days = new Map<string, StoredViewing[]>()
  for (const viewing of viewings) {
    const day = londonDate(viewing.startsAt)
    days.set(day, [...(days.get(day) ?? []), viewing])
  }
  return (
    <div className="viewings">
      {online ? null : <p className="viewings__offline">Offline: showing the viewings kept on this phone.</p>}
      {[...days.entries()].map(([day, list]) => {
        const stops = list
          .filter((v) => v.latitude !== null && v.longitude !== null && v.status !== 'cancelled')
          .map((v) => ({
            id: v.id,
            label: v.location,
            latitude: v.latitude ?? 0,
            longitude: v.longitude ?? 0,
          }))
        return (
          <section key={day} className="viewings__day" aria-label={formatDay(list[0]?.startsAt ?? '')}>
            <h2 className="section-title">{formatDay(list[0]?.startsAt ?? '')}</h2>
            {renderRoute && stops.length > 0 ? renderRoute(stops) : null}
            <ul className="viewings__list">
              {list.map((viewing) => (
                <li key={viewing.id}>
                  <ViewingCard viewing={viewing} actions={actions} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
