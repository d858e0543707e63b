import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** The reasons a listing is taken down for (the server holds the same list). */
export const TAKE_DOWN_REASONS = [
  'Scam or fraud',
  'Misleading details',
  'Offensive content',
  'Already let or sold',
  'Duplicate listing',
  'Against the rules',
] as const

export type TakeDownReason = (typeof TAKE_DOWN_REASONS)[number]

export const ALREADY_DECIDED = 'Already decided by another moderator'

/** `Keep listed`: the reports are closed and the listing shows again. */
export async function keepListed(caseId: number, note: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('moderation_keep_listed', { case_id: caseId, note })
  if (error) throw toAppError(error)
}

/** `Ask the landlord to fix`: hidden until the landlord edits it. */
export async function askToFix(caseId: number, whatToFix: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('moderation_ask_to_fix', { case_id: caseId, what_to_fix: whatToFix })
  if (error) throw toAppError(error)
}

/** The answer of moderate-listing when the decision stands but some photos could not be removed. */
export const PHOTOS_LEFT_STATUS = 502

/**
 * `Take down`, through the moderate-listing function, which also removes the listing's photos. Throws an
 * AppError with status PHOTOS_LEFT_STATUS when the listing was taken down but its photos are not all gone.
 */
export async function takeDown(caseId: number, reason: TakeDownReason, note: string): Promise<void> {
  await moderateListing({ caseId, reason, note })
}

/** Removes the photos of a case already taken down, after their removal failed. */
export async function removeTakenDownPhotos(caseId: number): Promise<void> {
  await moderateListing({ caseId, photosOnly: true })
}

async function moderateListing(request: Record<string, unknown>): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.functions.invoke('moderate-listing', { body: request })
  if (!error) return
  const answer = (error as { context?: Response }).context
  const body = answer ? ((await answer.json().catch(() => null)) as { message?: string } | null) : null
  throw toAppError({ message: body?.message ?? error.message, status: answer?.status })
}
