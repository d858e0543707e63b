// Viewings as the device keeps them (src/device/viewings.ts) and the outbox kinds that change them offline.

export type ViewingStatus = 'requested' | 'booked' | 'declined' | 'cancelled'

/** One viewing from either side, with what the day needs offline: the home's facts, photos and place. */
export type Viewing = {
  id: string
  slotId: string
  listingId: string
  role: 'hunter' | 'landlord'
  status: ViewingStatus
  cancelledLate: boolean
  startsAt: string
  endsAt: string
  otherName: string | null
  conversationId: string | null
  listingName: string
  listingType: 'rent' | 'sale'
  location: string
  latitude: number | null
  longitude: number | null
  bedrooms: number
  bathrooms: number
  price: number
  imageUrls: string[]
}

/** A viewing kept on the device: whose it is, and a change made here not yet on the server. */
export type StoredViewing = Viewing & {
  userId: string
  /** A cancellation queued on this device, shown at once; the server's answer replaces it. */
  cancelQueued?: boolean
  /** When this device queued `Running late` (ms), so it is not offered twice. */
  lateQueuedAt?: number
}

export const VIEWING_KINDS = { cancel: 'viewing.cancel', late: 'viewing.late' } as const

/** Cancel a viewing, queued under the thing `viewing:<id>`. */
export type ViewingCancelPayload = { bookingId: string }

/** `Running late`: a short message to the landlord, by the device's message id (taken once). */
export type ViewingLatePayload = { bookingId: string; messageId: string; minutes: number }

declare module '../lib/outbox/payloads' {
  interface OutboxPayloads {
    [VIEWING_KINDS.cancel]: ViewingCancelPayload
    [VIEWING_KINDS.late]: ViewingLatePayload
  }
}

export const viewingThing = (bookingId: string) => `viewing:${bookingId}`
