/**
 * delete-account: erases the calling person's account.
 *
 * POST with the person's own access token (verify_jwt), body `{ "password": "…" }`; an account without a
 * password (Google only) sends `{}` within a few minutes of signing in with Google again. Answers
 * 200 `{ "deleted": { "listings": N, "photos": M } }`; 401 when the token is not a live user's;
 * 403 `{ "error": "reauthentication_required" }` when the password is wrong or the sign-in is not fresh;
 * 429 `{ "error": "too_many_tries" }` after 5 wrong passwords in an hour for the account or from the caller's
 * address (counted in Postgres, so one person's wrong tries never block another from elsewhere);
 * 503 `{ "error": "password_check_unavailable" }` when Auth could not check the password just then.
 *
 * In order: every photo in the person's folder of the listing-images bucket is removed through the Storage
 * API; then the auth user is deleted with the Auth admin API, which takes their sessions (their tokens are
 * refused from then on) and, by the database's cascades, their profile, listings, saved homes, saved
 * searches, push subscriptions, reports and blocks. In conversations their id becomes null, so the other
 * side keeps the conversation and its messages, shown as from `Deleted user`; a conversation nobody is
 * left in is removed.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@^2.109.0'
import { accountCaller, CORS_HEADERS, env, json } from '../_shared/account-caller.ts'
import { beginPasswordCheck, endPasswordCheck } from '../_shared/account-limits.ts'
import { freshOAuthSignIn, passwordCheck } from './reauthenticate.ts'

const BUCKET = 'listing-images'
const PAGE = 1000

/** Every object name under `folder` (the bucket's list is one level at a time; folders have no id). */
async function objectsUnder(admin: SupabaseClient, folder: string): Promise<string[]> {
  const names: string[] = []
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await admin.storage.from(BUCKET).list(folder, { limit: PAGE, offset })
    if (error) throw new Error(`listing ${folder}: ${error.message}`)
    for (const entry of data) {
      const name = `${folder}/${entry.name}`
      if (entry.id === null) names.push(...(await objectsUnder(admin, name)))
      else names.push(name)
    }
    if (data.length < PAGE) return names
  }
}

async function removePhotos(admin: SupabaseClient, userId: string): Promise<number> {
  const names = await objectsUnder(admin, userId)
  for (let i = 0; i < names.length; i += PAGE) {
    const { error } = await admin.storage.from(BUCKET).remove(names.slice(i, i + PAGE))
    if (error) throw new Error(`removing photos: ${error.message}`)
  }
  return names.length
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS })
  if (request.method !== 'POST') return json(405, { error: 'POST only' })
  const caller = await accountCaller(request)
  if (!caller) return json(401, { error: 'not_signed_in' })
  const body = (await request.json().catch(() => ({}))) as { password?: unknown }
  const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined
  if (password) {
    const check = await beginPasswordCheck(caller.id, request)
    if (check === null) {
      return json(429, { error: 'too_many_tries', message: 'Too many tries: try again in an hour' })
    }
    const outcome = await passwordCheck(caller, password)
    await endPasswordCheck(check, outcome === 'wrong')
    if (outcome === 'unavailable') {
      return json(503, {
        error: 'password_check_unavailable',
        message: 'Your password could not be checked just now: try again in a few minutes',
      })
    }
    if (outcome === 'wrong') return json(403, { error: 'reauthentication_required' })
  } else if (!freshOAuthSignIn(caller)) {
    return json(403, { error: 'reauthentication_required' })
  }

  const admin = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  try {
    const listings = await admin
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .eq('user_ref', caller.id)
    if (listings.error) throw new Error(`counting listings: ${listings.error.message}`)
    const photos = await removePhotos(admin, caller.id)
    const removed = await admin.auth.admin.deleteUser(caller.id)
    if (removed.error) throw new Error(`deleting the user: ${removed.error.message}`)
    // Photos uploaded while the user was being deleted (a draft's upload in flight) go too.
    await removePhotos(admin, caller.id)
    const orphans = await admin.from('conversations').delete().is('hunter_id', null).is('landlord_id', null)
    if (orphans.error) throw new Error(`removing empty conversations: ${orphans.error.message}`)
    return json(200, { deleted: { listings: listings.count ?? 0, photos } })
  } catch (error) {
    console.error('delete-account failed', error)
    return json(500, { error: 'delete_failed', message: String(error) })
  }
})
