/** Keys of the device database's meta table (kept apart from local-db.ts so callers need not load Dexie). */
export const META = {
  /** When data last came from the server (ms since epoch). */
  lastFetchedAt: 'lastFetchedAt',
  /** The user whose server saves have been merged with this device's. */
  savedMergedFor: 'savedMergedFor',
  /** Set once persistent storage has been asked for. */
  persistRequested: 'persistRequested',
} as const
