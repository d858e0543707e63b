import type { ListingField } from '../../components/listing-form/listing-schema'
import { PUBLISH_MESSAGES, type PublishOutcome } from '../../components/listing-form/publish-outcome'
import type { DraftStep } from '../../device/drafts'

/**
 * What the form shows when the draft's job refused the listing: messages beside their fields (the address
 * the geocoder did not find), 'Images not uploaded' when a photo was refused, else the server's reason.
 */
export function refusalOutcome(refusal: {
  step: DraftStep
  reason: string
  errors: Partial<Record<ListingField, string>>
}): PublishOutcome {
  if (Object.values(refusal.errors).some(Boolean)) return { status: 'invalid', errors: refusal.errors }
  if (refusal.step === 'upload') return { status: 'failed', message: PUBLISH_MESSAGES.imagesNotUploaded }
  return { status: 'failed', message: refusal.reason || PUBLISH_MESSAGES.notSaved }
}
