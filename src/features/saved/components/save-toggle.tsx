import { HeartIcon } from '../../../components/heart-icon'
import { requestPersistentStorage } from '../../../device/persistent-storage'
import { toggleSaved, useIsSaved } from '../../../device/saved'
import { useUserId } from '../../../hooks/use-session'
import { notify } from '../../../lib/toast'
import type { Listing } from '../../../types/listing'
import { keepPhotosOffline } from '../api/keep-photos-offline'
import './saved.css'

/** The heart on a listing: saves the home on this device (and the account, when signed in) to read it offline. */
export function SaveToggle({ listing }: { listing: Listing }) {
  const saved = useIsSaved(listing.id)
  const userId = useUserId()

  const toggle = async () => {
    const nowSaved = await toggleSaved(listing, userId)
    if (nowSaved === null) {
      notify.error('Could not save this home on this device')
      return
    }
    if (nowSaved) {
      void requestPersistentStorage()
      void keepPhotosOffline(listing.imageUrls)
    }
    if (userId) void import('../api/sync-saved').then(({ flushSavedOps }) => flushSavedOps(userId))
  }

  return (
    <button
      type="button"
      className={`icon-button save-toggle${saved ? ' save-toggle--saved' : ''}`}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${listing.name} from saved` : `Save ${listing.name}`}
      onClick={toggle}
    >
      <HeartIcon size={22} filled={saved} />
    </button>
  )
}
