import type { ListingFormValues } from '../../../components/listing-form/listing-schema'
import { type DraftNotSaved, saveDraft } from '../../../device/drafts'
import { requestPersistentStorage } from '../../../device/persistent-storage'
import { shrinkImage } from '../../../utils/shrink-image'
import { announceDraftsChanged } from '../draft-events'
import { DRAFT_MESSAGES } from '../draft-messages'
import { toDraftValues } from '../draft-values'

const NOT_SAVED: Record<DraftNotSaved, string> = {
  'not-yours': DRAFT_MESSAGES.notYours,
  publishing: DRAFT_MESSAGES.publishing,
  published: DRAFT_MESSAGES.published,
}

/**
 * Keeps the form's listing on this device as a draft, complete or not, its photos shrunk as for an upload.
 * `announce` asks the publisher to look at once (not when the caller sends the draft itself). Returns null
 * when kept, or why it was not (a draft already on its way).
 */
export async function keepDraft(
  draft: { id: string; ownerId: string; values: ListingFormValues; photos: readonly File[] },
  options: { announce: boolean },
): Promise<string | null> {
  const photos = await Promise.all(
    draft.photos.map(async (file) => ({ name: file.name, blob: await shrinkImage(file) })),
  )
  const values = toDraftValues(draft.values)
  const refused = await saveDraft({ id: draft.id, ownerId: draft.ownerId, values, photos }, Date.now())
  if (refused) return NOT_SAVED[refused]
  await requestPersistentStorage()
  if (options.announce) announceDraftsChanged()
  return null
}
