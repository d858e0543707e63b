/** Raised on window after a draft is saved or marked to publish now, so the publisher looks at once. */
export const DRAFTS_SAVED_EVENT = 'roost:drafts-saved'

export function announceDraftsChanged(): void {
  window.dispatchEvent(new Event(DRAFTS_SAVED_EVENT))
}

/** The lock the draft publisher takes (src/lib/outbox/one-tab.ts): one tab at a time publishes drafts. */
export const DRAFTS_LOCK = 'roost-drafts'
