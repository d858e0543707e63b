import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'
import { type OutboxEntry, useOutbox } from '../../../device/outbox'
import { useSavedSearches } from '../../../device/saved-searches'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { useSession } from '../../../hooks/use-session'
import { notify } from '../../../lib/toast'
import { type AlertChannels, fetchAlertChannels, PUSH_ONLY, setAlertChannels } from '../api/alert-channels'
import { inAppOnlyLine, KEEP_SUBSCRIPTION_KIND, type PushReach, pushReach } from '../api/push-alerts'
import { retryWrite } from '../api/saved-search-actions'
import { syncSavedSearches } from '../api/sync-saved-searches'
import { SavedSearchItem } from './saved-search-item'
import './saved-searches.css'

export const EMPTY_MESSAGE = 'Save a search to hear about new homes'

/** The Saved tab's `Searches` view: the signed-in person's saved searches, newest first. */
export default function SavedSearches() {
  const session = useSession()
  const userId = session.status === 'signedIn' ? session.user.id : null
  const searches = useSavedSearches(userId)
  const outbox = useOutbox(userId)
  const online = useOnlineStatus()
  const [reach, setReach] = useState<PushReach>(pushReach)
  const [channels, setChannels] = useState<Map<string, AlertChannels>>(new Map())

  // The server's copy and the `N new` counts: on opening the view, and again whenever the connection returns.
  useEffect(() => {
    if (userId && online) void syncSavedSearches(userId).catch(() => undefined)
    if (userId && online)
      void fetchAlertChannels()
        .then(setChannels)
        .catch(() => undefined)
  }, [userId, online])

  const changeChannels = (searchId: string, next: Pick<AlertChannels, 'push' | 'email'>) => {
    void setAlertChannels(searchId, next)
      .then(fetchAlertChannels)
      .then(setChannels)
      .catch(() =>
        notify.error('Could not change how alerts reach you. Try again when you have a connection.'),
      )
  }

  if (session.status === 'checking') return <Spinner />
  if (!userId)
    return (
      <div className="empty-state">
        <p>{EMPTY_MESSAGE}</p>
        <p className="muted">
          <Link to="/sign-in" search={{ redirect: '/saved?view=searches', reason: 'saved-searches' }}>
            Sign in
          </Link>{' '}
          to save searches and see what’s new in them.
        </p>
      </div>
    )
  if (searches === undefined) return <Spinner />
  if (searches.length === 0)
    return (
      <div className="empty-state">
        <p>{EMPTY_MESSAGE}</p>
        <p className="muted">
          Set your filters on <Link to="/search">Search</Link> and press Save search: new homes that match
          show here, and can alert you.
        </p>
      </div>
    )

  const writes = new Map<string, OutboxEntry[]>()
  for (const entry of outbox) writes.set(entry.thing, [...(writes.get(entry.thing) ?? []), entry])
  const inAppOnly = searches.some((search) => search.alerts !== 'off') ? inAppOnlyLine(reach) : null
  // A push subscription the server refused: said, with the way to send it again.
  const pushRefusal = outbox.find(
    (entry) => entry.kind === KEEP_SUBSCRIPTION_KIND && entry.state === 'refused',
  )

  return (
    <section aria-label="Your saved searches">
      {inAppOnly ? (
        <p className="saved-searches__reach" role="status">
          {inAppOnly}
        </p>
      ) : null}
      {pushRefusal ? (
        <div className="saved-search__refusal saved-searches__push-refusal" role="alert">
          <p>Notifications could not be set up: {pushRefusal.reason}. Alerts show in the app meanwhile.</p>
          <Button variant="secondary" onClick={() => void retryWrite(userId, pushRefusal.thing)}>
            Try again
          </Button>
        </div>
      ) : null}
      {!online ? (
        <p className="saved-searches__note">
          You are offline: changes are kept on this device and sent when you’re back online.
        </p>
      ) : null}
      <ul className="saved-searches">
        {searches.map((search) => (
          <SavedSearchItem
            key={search.id}
            userId={userId}
            search={search}
            writes={writes.get(search.id) ?? []}
            onReach={setReach}
            channels={channels.get(search.id) ?? PUSH_ONLY}
            onChannels={online ? (next) => changeChannels(search.id, next) : null}
          />
        ))}
      </ul>
    </section>
  )
}
