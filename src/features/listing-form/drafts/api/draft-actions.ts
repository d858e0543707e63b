import { db } from '../../../../lib/local-db'
import { announceDraftsChanged } from '../draft-events'
import { deleteDraft, publishSoon } from '../draft-store'

/** Forgets a draft and its photos ('Delete' / 'Dismiss' on the Profile). */
export async function removeDraft(id: string): Promise<void> {
  await deleteDraft(db, id)
}

/** Lets a waiting or refused draft be sent at once ('Publish now' / 'Retry'). */
export async function publishDraftNow(id: string): Promise<void> {
  await publishSoon(db, id, Date.now())
  announceDraftsChanged()
}
