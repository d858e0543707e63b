import type { ListingField } from '../../../components/listing-form/listing-schema'
import { env } from '../../../config/env'
import { readDraft } from '../../../device/drafts'
import type { ListingFormText } from '../../../types/listing'
import { draftFieldErrors } from '../check-draft'
import { toDraftValues } from '../draft-values'

/** A draft as the form opens it: a draft needing attention brings its field messages along. */
export type OpenedDraft = {
  id: string
  values: ListingFormText
  photos: File[]
  reason: string | null
  errors: Partial<Record<ListingField, string>>
}

/** A draft's values and photos (as Files) to prefill the form, or null when there is none for this user. */
export async function openDraft(id: string, ownerId: string): Promise<OpenedDraft | null> {
  const found = await readDraft(id)
  if (!found || found.draft.ownerId !== ownerId) return null
  const { draft, photos } = found
  const values = toDraftValues(draft.values)
  const reason = draft.state === 'needs-attention' ? draft.reason : null
  return {
    id,
    values,
    photos: photos.map(
      (photo) => new File([photo.blob], photo.name, { type: photo.blob.type || 'image/jpeg' }),
    ),
    reason,
    errors: reason === null ? {} : draftFieldErrors(values, photos, reason, env.geocoding),
  }
}
