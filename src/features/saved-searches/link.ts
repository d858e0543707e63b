/** What /search's URL may say besides the search itself: opened from a saved search, or a save to finish. */
export type SavedSearchLink = {
  /** The saved search this search was opened from (its id): homes new to it carry a `New` badge. */
  from?: string | undefined
  /** Set on the way back from signing in: save this search now. */
  save?: true | undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Reads `from` and `save` from the URL; anything else there is dropped, never an error. */
export function parseSavedSearchLink(raw: Record<string, unknown>): SavedSearchLink {
  return {
    from: typeof raw.from === 'string' && UUID.test(raw.from) ? raw.from.toLowerCase() : undefined,
    save: raw.save === true || raw.save === 'true' || raw.save === 1 || raw.save === '1' ? true : undefined,
  }
}
