import { useEffect, useState } from 'react'
import { useLastFetchedAt } from '../../../device/meta'
import { useHomesShown } from '../../../hooks/use-device-data-shown'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { formatAge } from '../format-age'
import './offline.css'

/** How often the "updated … ago" text is refreshed while offline. */
const TICK_MS = 30_000

/**
 * A quiet notice while offline on a screen that shows homes: they come from this device, and how fresh they
 * are. Screens that show no homes (forms, the profile, a message of what needs a connection) say for
 * themselves what works offline.
 */
export function OfflineBanner() {
  const offline = !useOnlineStatus()
  const homesShown = useHomesShown()
  const hidden = !(offline && homesShown)
  const lastFetchedAt = useLastFetchedAt()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (hidden) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS)
    return () => window.clearInterval(timer)
  }, [hidden])

  return (
    <div className="offline-banner" role="status" hidden={hidden}>
      {hidden ? null : (
        <>
          <strong>You are offline.</strong>{' '}
          {lastFetchedAt
            ? `Showing homes saved on this device, updated ${formatAge(lastFetchedAt, now)}.`
            : 'Homes you open while online are kept on this device to read offline.'}
        </>
      )}
    </div>
  )
}
