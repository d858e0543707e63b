import { useEffect } from 'react'
import { useOnlineStatus } from '../hooks/use-online-status'
import { notify } from '../lib/toast'
import { Button } from './button'

type NeedsConnectionProps = {
  /** Said at once while offline: what needs a connection, and what happens when it is back. */
  offline: string
  /** Said when the server did not answer although the device seemed online. */
  failed: string
  /** Also raised as a toast when the server did not answer online (spec: a list that failed to load). */
  toast?: string
  onRetry?: () => void
}

/**
 * What a screen shows in place of data it could not get and the device does not hold: a clear sentence, never
 * an error screen. Offline it says so quietly (no toast: the screen already tells); online it offers a retry.
 */
export function NeedsConnection({ offline, failed, toast, onRetry }: NeedsConnectionProps) {
  const online = useOnlineStatus()
  useEffect(() => {
    if (toast && navigator.onLine) notify.error(toast)
  }, [toast])
  return (
    <div className="empty-state" role="status">
      <p>{online ? failed : offline}</p>
      {online && onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  )
}
