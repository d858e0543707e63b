import { useRef } from 'react'
import { useLocalQuery } from '../../../lib/use-local-query'
import type { Listing } from '../../../types/listing'
import { type ListingsViewKey, readView, type StoredListingsView } from '../api/listings-store'

/** A list view as this device holds it, kept live as pages are mirrored; null until (or unless) it is stored. */
export function useStoredView(key: ListingsViewKey): StoredListingsView | null {
  return useLocalQuery(`view:${key}`, (db) => readView(db, key), null)
}

/**
 * A listing as this device holds it, kept live as it is refreshed: `initial` until the device holds it
 * (the server's answer may be shown before it is stored), null once it was held and then removed (the
 * server said it is gone).
 */
export function useStoredListing(initial: Listing): Listing | null {
  const stored = useLocalQuery(
    `listing:${initial.id}`,
    async (db) => (await db.listings.get(initial.id)) ?? null,
    undefined as Listing | null | undefined,
  )
  const held = useRef<string | null>(null)
  if (stored) held.current = stored.id
  if (stored === null && held.current === initial.id) return null
  return stored ?? initial
}
