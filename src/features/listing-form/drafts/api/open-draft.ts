import { env } from '../../../../config/env'
import { type DraftValues, db } from '../../../../lib/local-db'
import type { ListingField } from '../../listing-schema'
import { draftFieldErrors } from '../check-draft'
import { toDraftValues } from '../draft-values'

/** A draft as the form opens it: a draft needing attention brings its field messages along. */
export type OpenedDraft = {
  id: string
  values: DraftValues
  photos: File[]
  reason: string | null
  errors: Partial<Record<ListingField, string>>
}

/** A draft's values and photos (as Files) to prefill the form, or null when there is none for this user. */
export async function openDraft(id: string, ownerId: string): Promise<OpenedDraft | null> {
  const draft = await db.drafts.get(id)
  if (!draft || draft.ownerId !== ownerId) return null
  const stored = await db.draftPhotos.where('draftId').equals(id).sortBy('index')
  const values = toDraftValues(draft.values)
  const reason = draft.state === 'needs-attention' ? draft.reason : null
  return {
    id,
    values,
    photos: stored.map(
      (photo) => new File([photo.blob], photo.name, { type: photo.blob.type || 'image/jpeg' }),
    ),
    reason,
    errors: reason === null ? {} : draftFieldErrors(values, stored, reason, env.geocoding),
  }
}
