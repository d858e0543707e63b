import { DraftsSync } from '../features/listing-form/drafts/components/drafts-sync'
import { MessagesSync } from '../features/messages/components/messages-sync'
import { SavedSync } from '../features/saved/components/saved-sync'
import { SavedSearchesSync } from '../features/saved-searches/components/saved-searches-sync'

/**
 * What keeps the device and the server in step in the background: saved homes, drafts, saved searches and
 * messages. No screen draws from it, so the root loads it after the first render (React.lazy), not with
 * every screen's entry.
 */
export default function BackgroundSync() {
  return (
    <>
      <SavedSync />
      <DraftsSync />
      <SavedSearchesSync />
      <MessagesSync />
    </>
  )
}
