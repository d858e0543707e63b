import { type RoostDb, useLocalQuery } from '../lib/local-db-access'

// Owner of the `meta` table: small facts about this device's data, by key.

/** The keys kept in the meta table. */
export const META = {
  /** When listing data last came from the server (ms since epoch). */
  lastFetchedAt: 'lastFetchedAt',
  /** The user whose server saves have been merged with this device's. */
  savedMergedFor: 'savedMergedFor',
  /** Set once persistent storage has been asked for. */
  persistRequested: 'persistRequested',
  /** The user whose own listings were last read in full from the server (Your Listings offline). */
  ownListingsOf: 'ownListingsOf',
} as const

type MetaKey = (typeof META)[keyof typeof META]

/** Reads one fact (inside another owner's transaction too: it includes the meta table). */
export async function readMeta<T>(db: RoostDb, key: MetaKey): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined
}

/** Writes one fact (inside another owner's transaction too: it includes the meta table). */
export async function writeMeta(db: RoostDb, key: MetaKey, value: unknown): Promise<void> {
  await db.meta.put({ key, value })
}

/** When listing data last came from the server, kept live; undefined when never (or not yet read). */
export function useLastFetchedAt(): number | undefined {
  return useLocalQuery(META.lastFetchedAt, (db) => readMeta<number>(db, META.lastFetchedAt), undefined)
}
