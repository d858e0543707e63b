// Publishing a draft, as the outbox keeps it (kind `listing.publish`) until the listing is on the server. The
// draft itself (its values, photos and how far it got) stays in the device's `drafts` table; the entry is the
// draft's place in the one queue of writes, under the listing's thing, so later edits of the listing wait
// for it.

export const LISTING_PUBLISH_KIND = 'listing.publish'

export type ListingPublishPayload = { draftId: string }

declare module '../lib/outbox/payloads' {
  interface OutboxPayloads {
    [LISTING_PUBLISH_KIND]: ListingPublishPayload
  }
}
