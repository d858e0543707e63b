import { dueDrafts, nextDueAt, prunePublished } from '@/device/drafts'
import { inOneTab } from '@/lib/outbox/one-tab'
import { notify } from '@/lib/toast'
import { draftPorts } from './api/draft-ports'
import { DRAFTS_LOCK } from './draft-events'
import { PUBLISHED_MESSAGE } from './draft-messages'
import { publishDraft } from './publish-job'

/** Longest wait between two looks at waiting drafts (the backoff's cap). */
const MAX_WAIT_MS = 300_000
/** When the other tab held the queue without Web Locks: look again after this. */
const BUSY_RETRY_MS = 5_000

let current: Promise<void> | null = null
let again = false
let timer: number | undefined

/** Publishes every due draft of `userId`, one at a time, until none is left or the device is offline. */
async function drain(userId: string): Promise<void> {
  await prunePublished(userId, Date.now())
  const ports = await draftPorts()
  const tried = new Set<string>()
  while (navigator.onLine) {
    const next = (await dueDrafts(userId, Date.now())).find((draft) => !tried.has(draft.id))
    if (!next) return
    tried.add(next.id)
    if ((await publishDraft(next.id, userId, ports)) === 'published') notify.success(PUBLISHED_MESSAGE)
  }
}

/** Looks again when the next waiting draft is due. */
async function schedule(userId: string, busy: boolean): Promise<void> {
  window.clearTimeout(timer)
  // Offline nothing can be sent: the 'online' event starts the next run.
  if (!navigator.onLine) return
  const due = busy ? Date.now() + BUSY_RETRY_MS : await nextDueAt(userId)
  if (due === null) return
  const wait = Math.min(MAX_WAIT_MS, Math.max(0, due - Date.now()))
  timer = window.setTimeout(() => void publishDrafts(userId), wait)
}

/**
 * Starts publishing the signed-in user's due drafts (app start, back online, tab visible, sign-in, a draft
 * saved). One run at a time per tab (a trigger during a run asks for one more pass) and one tab at a time.
 */
export function publishDrafts(userId: string): Promise<void> {
  if (current) {
    again = true
    return current
  }
  current = (async () => {
    let ran = true
    try {
      ran = await inOneTab(DRAFTS_LOCK, async () => {
        do {
          again = false
          await drain(userId)
        } while (again)
      })
    } catch {
      // A failing store (no IndexedDB) or SDK load: the next trigger tries again.
    } finally {
      current = null
    }
    await schedule(userId, !ran).catch(() => undefined)
  })()
  return current
}

/** Stops the timer (sign-out). */
export function stopPublishingDrafts(): void {
  window.clearTimeout(timer)
}
