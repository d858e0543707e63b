import type { ServerShortlist } from '../../../device/shortlist'
import { toAppError } from '../../../lib/errors'
import { toOutboxFailure } from '../../../lib/outbox/failure'
import { getSupabase } from '../../../lib/supabase'
import { LISTING_COLUMNS, type Listing, parseListingRows } from '../../../types/listing'
import type { HomeVote, ShortlistInvitation } from '../../../types/shortlist'

// The server's notes and shared shortlist. Every rule (who reads what, 4 people, an invitation used once) is the
// database's: these calls carry the person's choice and hand back its words.

/** The caller's notes (and their shortlist's), its members, homes and open invitations, read at once. */
export async function fetchShortlist(): Promise<ServerShortlist> {
  const supabase = await getSupabase()
  const [members, homes, notes, invitations] = await Promise.all([
    supabase.from('shortlist_members').select('user_id, name, seat, shortlist_id').order('seat'),
    supabase.from('shortlist_homes').select('listing_id, added_by, created_at'),
    supabase.from('home_notes').select('author_id, listing_id, body, vote, updated_at'),
    supabase
      .from('shortlist_invitations')
      .select('id')
      .is('used_at', null)
      .is('revoked_at', null)
      .gt('expires_at', new Date().toISOString()),
  ])
  for (const answer of [members, homes, notes, invitations]) if (answer.error) throw toAppError(answer.error)
  return {
    shortlistId: members.data?.[0]?.shortlist_id ?? null,
    members: (members.data ?? []).map((m) => ({ userId: m.user_id, name: m.name, seat: m.seat })),
    homes: (homes.data ?? []).map((h) => ({
      listingId: h.listing_id,
      addedBy: h.added_by,
      addedAt: h.created_at,
    })),
    notes: (notes.data ?? []).map((n) => ({
      authorId: n.author_id,
      listingId: n.listing_id,
      body: n.body,
      vote: n.vote === 'up' || n.vote === 'down' ? n.vote : null,
      updatedAt: n.updated_at,
    })),
    openInvitations: (invitations.data ?? []).map((i) => i.id),
  }
}

/** The listings with these ids that anyone may read (a home the partner added, for the device to keep). */
export async function fetchListings(ids: readonly string[]): Promise<Listing[]> {
  if (ids.length === 0) return []
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('listings')
    .select(LISTING_COLUMNS)
    .in('id', [...ids])
  if (error) throw toAppError(error)
  return parseListingRows(data)
}

/** `Share with someone`: a new link to the caller's shortlist (made with it when there is none). */
export async function createInvitation(): Promise<ShortlistInvitation> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('create_shortlist_invitation')
  const made = data?.[0]
  if (error || !made) throw toAppError(error ?? new Error('No invitation came back'))
  return { id: made.invitation_id, token: made.token, expiresAt: made.expires_at }
}

/** `Stop sharing`: the open links of the caller's shortlist stop working. */
export async function revokeInvitations(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('revoke_shortlist_invitations', {})
  if (error) throw toAppError(error)
}

/** Joins the shortlist of an invitation; its refusals are the database's words. */
export async function acceptInvitation(token: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('accept_shortlist_invitation', { token })
  if (error) throw toAppError(error)
}

/** `Leave this shortlist`: the caller keeps their own saved homes and notes. */
export async function leaveShortlist(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('leave_shortlist')
  if (error) throw toAppError(error)
}

/** Removes a home from the shared shortlist, for every member. */
export async function removeShortlistHome(listingId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.from('shortlist_homes').delete().eq('listing_id', listingId)
  if (error) throw toAppError(error)
}

/** A queued note, sent by the outbox (the server keeps the last one per person and home). */
export async function sendNote(listingId: string, body: string): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase.rpc('set_home_note', { listing_id: listingId, body })
  if (error) throw toOutboxFailure(error, status)
}

/** A queued 👍 / 👎, sent by the outbox. */
export async function sendVote(listingId: string, vote: HomeVote): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase.rpc('set_home_vote', {
    listing_id: listingId,
    vote: vote as string,
  })
  if (error) throw toOutboxFailure(error, status)
}
