import { NeedsConnection } from '../../../components/needs-connection'
import { LISTINGS_LOAD_ERROR } from './listings-feed'

export const LISTINGS_UNAVAILABLE = {
  offline:
    'You are offline, and these homes have not been opened on this device yet. They will show when you are back online.',
  failed: `${LISTINGS_LOAD_ERROR}. Check your connection and try again.`,
} as const

export const LISTING_UNAVAILABLE = {
  offline:
    'You are offline, and this home has not been opened on this device yet. It will show when you are back online.',
  failed: 'This home could not be loaded. Check your connection and try again.',
} as const

/** What a list shows when its first page could not be loaded and the device holds none: the spec's toast online, and a way to try again. */
export function ListingsLoadError({ onRetry }: { onRetry: () => void }) {
  return <NeedsConnection {...LISTINGS_UNAVAILABLE} toast={LISTINGS_LOAD_ERROR} onRetry={onRetry} />
}

/** What the listing page shows when the listing could not be loaded and the device holds no copy. */
export function ListingLoadError({ onRetry }: { onRetry: () => void }) {
  return <NeedsConnection {...LISTING_UNAVAILABLE} onRetry={onRetry} />
}
