import { type DraftValues, db } from '../../../../lib/local-db'
import { shrinkImage } from '../../shrink-image'
import { announceDraftsChanged } from '../draft-events'
import { deleteDraft, publishSoon, requestPersistentStorage, saveDraft } from '../draft-store'

/**
 * Keeps the form's listing on this device as a draft, its photos shrunk as for an upload, and asks the
 * publisher to look. Returns null when kept, or why it was not (a draft already on its way).
 */
export async function keepDraft(draft: {
  id: string
  ownerId: string
  values: DraftValues
  photos: readonly File[]
}): Promise<string | null> {
  const photos = await Promise.all(
    draft.photos.map(async (file) => ({ name: file.name, blob: await shrinkImage(file) })),
  )
  const refused = await saveDraft(db, { ...draft, photos }, Date.now())
  if (refused) return refused
  await requestPersistentStorage(db).catch(() => undefined)
  announceDraftsChanged()
  return null
}

/** A draft as the form opens it. */
export type OpenedDraft = { id: string; values: DraftValues; photos: File[]; reason: string | null }

/** A draft's values and photos (as Files) to prefill the form, or null when there is none for this user. */
export async function openDraft(id: string, ownerId: string): Promise<OpenedDraft | null> {
  const draft = await db.drafts.get(id)
  if (!draft || draft.ownerId !== ownerId) return null
  const photos = await db.draftPhotos.where('draftId').equals(id).sortBy('index')
  return {
    id,
    values: draft.values,
    photos: photos.map(
      (photo) => new File([photo.blob], photo.name, { type: photo.blob.type || 'image/jpeg' }),
    ),
    reason: draft.state === 'needs-attention' ? draft.reason : null,
  }
}

export async function removeDraft(id: string): Promise<void> {
  await deleteDraft(db, id)
}

export async function publishDraftNow(id: string): Promise<void> {
  await publishSoon(db, id, Date.now())
  announceDraftsChanged()
}
