import { DraftsSync } from '../features/create-listing/components/drafts-sync'
import { ListingEditsSync } from '../features/edit-listing/components/listing-edits-sync'
import { MessagesSync } from '../features/messages/components/messages-sync'
import { SavedSync } from '../features/saved/components/saved-sync'
import { ShortlistSync } from '../features/saved/components/shortlist-sync'
import { SavedSearchesSync } from '../features/saved-searches/components/saved-searches-sync'
import { ViewingsSync } from '../features/viewings/components/viewings-sync'

/**
 * What keeps the device and the server in step in the background: saved homes, drafts, listing edits, saved
 * searches, messages and viewings. No screen draws from it, so the root loads it after the first render (React.lazy),
 * not with every screen's entry.
 */
export default function BackgroundSync() {
  return (
    <>
      <SavedSync />
      <DraftsSync />
      <ListingEditsSync />
      <SavedSearchesSync />
      <MessagesSync />
      <ViewingsSync />
      <ShortlistSync />
    </>
  )
}
