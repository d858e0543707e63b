import { useEffect, useState } from 'react'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { useUserId } from '../../../hooks/use-session'
import { notify } from '../../../lib/toast'
import { enablePushAlerts, inAppOnlyLine, type PushReach } from '../api/push-alerts'
import { getSavedHomeAlerts, setSavedHomeAlerts } from '../api/saved-home-alerts'

export const SAVED_HOME_ALERTS_LABEL = 'Tell me when a saved home changes'

/**
 * The signed-in person's choice to be told (by push, through the same sender as saved searches' alerts) when a
 * saved home is reduced, goes under offer or leaves the market. Turning it on is what asks for notifications.
 * It needs a connection: offline the box shows the last answer and waits.
 */
export default function SavedHomeAlerts() {
  const userId = useUserId()
  const online = useOnlineStatus()
  const [on, setOn] = useState<boolean | null>(null)
  const [saving, setSaving] = useState(false)
  const [reach, setReach] = useState<PushReach | null>(null)

  useEffect(() => {
    if (!userId || !online) return
    let cancelled = false
    getSavedHomeAlerts(userId).then(
      (value) => {
        if (!cancelled) setOn(value)
      },
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [userId, online])

  if (!userId || on === null) return null
  const change = async (next: boolean) => {
    setSaving(true)
    setOn(next)
    try {
      await setSavedHomeAlerts(userId, next)
      if (next) setReach(await enablePushAlerts(userId))
    } catch {
      setOn(!next)
      notify.error('Could not change your saved-home alerts. Try again when you have a connection.')
    } finally {
      setSaving(false)
    }
  }
  const inAppOnly = on && reach ? inAppOnlyLine(reach) : null
  return (
    <div className="saved-home-alerts">
      <label className="saved-home-alerts__choice">
        <input
          type="checkbox"
          checked={on}
          disabled={saving || !online}
          onChange={(event) => void change(event.target.checked)}
        />
        {SAVED_HOME_ALERTS_LABEL}
      </label>
      {inAppOnly ? (
        <p className="muted" role="status">
          {inAppOnly}
        </p>
      ) : null}
    </div>
  )
}
