/**
 * moderate-listing: `Take down` from the moderation console. POST {caseId, reason, note} with the
 * moderator's own token; POST {caseId, photosOnly: true} removes the photos of a case already taken down again,
 * when their removal failed after the decision (answered 502 `photos_not_removed`).
 *
 * The decision is Postgres's: public.moderation_take_down runs with the caller's token, so it checks the
 * moderator role, refuses a case already decided, and writes the decision, its audit row and the notices in
 * one transaction. Only then are the listing's photos removed from the listing-images bucket through the
 * Storage API with the service role (a moderator may not write in a landlord's folder), so hosted Supabase
 * and the local stack do the same.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@^2.109.0'
import { CORS_HEADERS, env, json } from '../_shared/account-caller.ts'

const BUCKET = 'listing-images'
const PAGE = 1000

/** A take-down, or (`photosOnly`) the photos of a case already taken down, whose removal failed before. */
type TakeDown = { caseId: number; reason: string; note: string; photosOnly: boolean }

function takeDownOf(body: unknown): TakeDown | null {
  const { caseId, reason, note, photosOnly } = (body ?? {}) as Record<string, unknown>
  if (typeof caseId !== 'number' || !Number.isSafeInteger(caseId) || caseId <= 0) return null
  if (photosOnly === true) return { caseId, reason: '', note: '', photosOnly: true }
  if (typeof reason !== 'string') return null
  if (note !== undefined && typeof note !== 'string') return null
  return { caseId, reason, note: note ?? '', photosOnly: false }
}

/** The HTTP status of a refusal from Postgres: the role (403), a case decided already (409), bad input (400). */
function statusOf(code: string | undefined): number {
  if (code === '42501') return 403
  if (code === 'PT409') return 409
  if (code === 'PT404') return 404
  return 400
}

async function removeFolder(admin: SupabaseClient, folder: string): Promise<number> {
  let removed = 0
  for (;;) {
    const { data, error } = await admin.storage.from(BUCKET).list(folder, { limit: PAGE })
    if (error) throw new Error(`listing ${folder}: ${error.message}`)
    const names = data.filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`)
    if (names.length === 0) return removed
    const gone = await admin.storage.from(BUCKET).remove(names)
    if (gone.error) throw new Error(`removing photos: ${gone.error.message}`)
    removed += names.length
  }
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS })
  if (request.method !== 'POST') return json(405, { error: 'POST only' })
  const authorization = request.headers.get('Authorization') ?? ''
  if (!/^Bearer\s+\S+/i.test(authorization)) return json(401, { error: 'not_signed_in' })
  const takeDown = takeDownOf(await request.json().catch(() => null))
  if (!takeDown) return json(400, { error: 'bad_request', message: 'caseId, reason and note are needed' })

  const asCaller = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
  })
  const decided = takeDown.photosOnly
    ? await asCaller
        .rpc('moderation_take_down_photo_folder', { case_id: takeDown.caseId })
        .then(({ data, error }) => ({ data: { decision_id: null, photo_folder: data }, error }))
    : await asCaller.rpc('moderation_take_down', {
        case_id: takeDown.caseId,
        reason: takeDown.reason,
        note: takeDown.note,
      })
  if (decided.error) {
    return json(statusOf(decided.error.code), { error: decided.error.code, message: decided.error.message })
  }
  const { decision_id, photo_folder } = decided.data as { decision_id: number | null; photo_folder: string }

  const admin = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  try {
    return json(200, { decisionId: decision_id, photosRemoved: await removeFolder(admin, photo_folder) })
  } catch (error) {
    console.error('moderate-listing: the photos of a taken-down listing stay', error)
    return json(502, {
      error: 'photos_not_removed',
      decisionId: decision_id,
      message: 'The listing was taken down, but its photos could not all be removed',
    })
  }
})
