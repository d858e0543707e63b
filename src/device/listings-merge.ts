import { type Listing, type ListingPosition, positionOf } from '../types/listing'

// The listing mirror's freshness and order rules, apart from Dexie so they are tested as plain functions.

type ViewEntry = ListingPosition
type ListingsCursor = ListingPosition

/** Server timestamps share one format and offset, so they compare as strings. */
const versionOf = (listing: Listing) => listing.updatedAt ?? listing.createdAt

/** The copy to keep: the incoming one unless the stored one was updated later (a late, older answer). */
export function newerListing<T extends Listing>(stored: T | undefined, incoming: T): T {
  return stored && versionOf(stored) > versionOf(incoming) ? stored : incoming
}

/** True when `entry` comes strictly after `cursor` in (created_at desc, id desc) order. */
export function isAfter(entry: ViewEntry, cursor: ListingsCursor): boolean {
  return entry.createdAt < cursor.createdAt || (entry.createdAt === cursor.createdAt && entry.id < cursor.id)
}

export const toEntry: (listing: ListingPosition) => ViewEntry = positionOf

/**
 * A list view after one page came back from the server. The page is the truth for the stretch it covers
 * (after `cursor`, up to its last listing, or to the end when no page follows); what the view held
 * before that stretch and, when more pages exist, after it, stays in order for offline browsing.
 */
export function mergePage(
  stored: ViewEntry[],
  page: { listings: Listing[]; hasMore: boolean },
  cursor: ListingsCursor | null,
): { entries: ViewEntry[]; complete: boolean } {
  const head = cursor ? stored.filter((entry) => !isAfter(entry, cursor)) : []
  const last = page.listings.at(-1)
  const tail = page.hasMore && last ? stored.filter((entry) => isAfter(entry, toEntry(last))) : []
  const seen = new Set<string>()
  const entries = [...head, ...page.listings.map(toEntry), ...tail].filter((entry) => {
    if (seen.has(entry.id)) return false
    seen.add(entry.id)
    return true
  })
  return { entries, complete: !page.hasMore }
}
