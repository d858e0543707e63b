import { deleteDraft, publishSoon } from '../../../device/drafts'
import { announceDraftsChanged } from '../draft-events'

/** Forgets a draft and its photos ('Delete' / 'Dismiss' on the Profile). */
export async function removeDraft(id: string): Promise<void> {
  await deleteDraft(id)
}

/** Lets a waiting or refused draft be sent at once ('Publish now' / 'Retry'). */
export async function publishDraftNow(id: string): Promise<void> {
  await publishSoon(id, Date.now())
  announceDraftsChanged()
}
