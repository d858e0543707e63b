import { useEffect, useState } from 'react'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { META } from '../../../lib/local-meta'
import { useLocalQuery } from '../../../lib/use-local-query'
import { formatAge } from '../format-age'

/** How often the "updated … ago" text is refreshed while offline. */
const TICK_MS = 30_000

/** A quiet notice while offline: the homes shown come from this device, and how fresh they are. */
export function OfflineBanner() {
  const online = useOnlineStatus()
  const lastFetchedAt = useLocalQuery(
    META.lastFetchedAt,
    async (db) => (await db.meta.get(META.lastFetchedAt))?.value as number | undefined,
    undefined,
  )
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (online) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS)
    return () => window.clearInterval(timer)
  }, [online])

  return (
    <div className="offline-banner" role="status" hidden={online}>
      {online ? null : (
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
