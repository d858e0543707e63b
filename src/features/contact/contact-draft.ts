// A message written on the contact page by a visitor who then signs in to send it in Roost: kept in this
// tab's session storage while they sign in, and put back in the box when they return.

const key = (landlordId: string, listingId: string | undefined) =>
  `roost:contact-draft:${landlordId}:${listingId ?? ''}`

export function keepContactDraft(landlordId: string, listingId: string | undefined, text: string): void {
  try {
    sessionStorage.setItem(key(landlordId, listingId), text)
  } catch {
    // Storage refused (private mode, full): the visitor types it again.
  }
}

/** The kept message, if any, forgotten as it is taken. */
export function takeContactDraft(landlordId: string, listingId: string | undefined): string | null {
  try {
    const text = sessionStorage.getItem(key(landlordId, listingId))
    sessionStorage.removeItem(key(landlordId, listingId))
    return text
  } catch {
    return null
  }
}
