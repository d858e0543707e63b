import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { env } from '../../../config/env'
import { keepViewings, queueCancel, queueRunningLate, useKeptViewings } from '../../../device/viewings'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import type { StoredViewing } from '../../../types/viewing'
import { answerRequest, fetchMyViewings } from '../api/viewings-remote'
import { tileUrls, warmTiles } from '../tile-warming'
import { formatDay, londonDate } from '../viewing-time'
import { ViewingCard } from './viewing-card'
import './viewings.css'

/** How late `Running late` says the hunter is. */
const LATE_MINUTES = 10

// maplibre loads with the first day that has a map to draw, never with the screen.
const RouteMap = lazy(() => import('./route-map'))

/** Viewings this close ahead have their streets' map tiles fetched while online. */
const WARM_AHEAD_MS = 2 * 24 * 3600_000
const WARM_ZOOMS = [12, 16] as const

/** Fetches the map tiles around the homes of the coming viewings, once per set of homes, while online. */
function useWarmedTiles(viewings: readonly StoredViewing[], online: boolean) {
  const soon = viewings.filter(
    (v) =>
      v.latitude !== null &&
      v.longitude !== null &&
      (v.status === 'booked' || v.status === 'requested') &&
      Date.parse(v.startsAt) - Date.now() < WARM_AHEAD_MS &&
      Date.parse(v.endsAt) > Date.now(),
  )
  // The homes' places as the effect's key: `soon` is a new array every render.
  const key = JSON.stringify(soon.map((v) => [v.latitude ?? 0, v.longitude ?? 0]))
  useEffect(() => {
    const points = (JSON.parse(key) as [number, number][]).map(([latitude, longitude]) => ({
      latitude,
      longitude,
    }))
    if (!online || points.length === 0) return
    void warmTiles(tileUrls(env.mapTiles, points, WARM_ZOOMS[0], Math.min(WARM_ZOOMS[1], env.mapMaxZoom)))
  }, [key, online])
}

const sendQueued = (userId: string) =>
  import('../api/viewing-outbox')
    .then(({ sendQueuedViewings }) => sendQueuedViewings(userId))
    .catch(() => null)

/**
 * The person's viewings from either side, in time order and by day, read from the device first (a viewing day
 * opens with no signal) and refreshed from the server when online. Cancel and Running late are queued in the
 * device's outbox and sent once the signal returns. Each day's homes are on a map whose tiles, like the
 * homes' photos, are fetched ahead so the day opens with no signal.
 */
export function ViewingsList({ userId }: { userId: string }) {
  const viewings = useKeptViewings(userId)
  const online = useOnlineStatus()
  useWarmedTiles(viewings, online)
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
            {stops.length > 0 ? (
              <div
                className="viewings__map"
                role="img"
                aria-label={`Map of ${stops.length} ${stops.length === 1 ? 'viewing' : 'viewings'} on ${formatDay(list[0]?.startsAt ?? '')}`}
              >
                <Suspense fallback={null}>
                  <RouteMap stops={stops} />
                </Suspense>
              </div>
            ) : null}
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
