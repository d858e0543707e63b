/** Raised on window after a draft is saved or marked to publish now, so the outbox is sent at once. */
export const DRAFTS_SAVED_EVENT = 'roost:drafts-saved'

export function announceDraftsChanged(): void {
  window.dispatchEvent(new Event(DRAFTS_SAVED_EVENT))
}
