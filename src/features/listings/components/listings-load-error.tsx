import { useEffect } from 'react'
import { Button } from '../../../components/button'
import { useShowsHomes } from '../../../hooks/use-device-data-shown'
import { notify } from '../../../lib/toast'
import { LISTINGS_LOAD_ERROR } from './listings-feed'

/** What a list shows when its first page failed: the spec's toast, and a way to try again. */
export function ListingsLoadError({ onRetry }: { onRetry: () => void }) {
  // A list of homes with none kept yet: offline, the banner says that homes opened online are kept.
  useShowsHomes(true)
  useEffect(() => {
    notify.error(LISTINGS_LOAD_ERROR)
  }, [])
  return (
    <div className="empty-state">
      <p>{LISTINGS_LOAD_ERROR}. Check your connection and try again.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
