import { toAppError } from '../../../lib/errors'
import { getSupabase } from '../../../lib/supabase'

/** The export's file name for the day it was made. */
export const exportFileName = (exportedAt: string) => `roost-data-${exportedAt.slice(0, 10)}.json`

export const DOWNLOAD_MESSAGES = {
  tooSoon: 'You can download your data once a minute. Please try again shortly.',
} as const

/**
 * The person's data as the server holds it (the export-data function), as a file to save. Throws an
 * AppError with status 429 and DOWNLOAD_MESSAGES.tooSoon when the account exported in the last minute.
 */
export async function downloadMyData(): Promise<{ name: string; blob: Blob }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke<{ exported_at: string }>('export-data', {
    method: 'POST',
  })
  if ((error as { context?: Response } | null)?.context?.status === 429) {
    throw toAppError({ message: DOWNLOAD_MESSAGES.tooSoon, status: 429 })
  }
  if (error || !data) throw toAppError(error ?? new Error('The export was empty'))
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  return { name: exportFileName(data.exported_at), blob }
}
