import { toAppError } from '../../../lib/errors'
import { toOutboxFailure } from '../../../lib/outbox/failure'
import { getSupabase } from '../../../lib/supabase'
import type { Database, Tables } from '../../../types/database'
import type { ListingType } from '../../../types/listing'

// The server's conversations and messages (RLS: only the two participants read them). Sends are
// idempotent by the message's client id, so the outbox may send one again after a lost answer.

type ConversationRow = Database['public']['Functions']['my_conversations']['Returns'][number]
/**
 * Columns of my_conversations that may be null, which the generator cannot tell of a function's result: the
 * listing's once it is deleted, the other person's once they deleted their account, the last message's before one.
 */
type NullableColumn =
  | 'listing_id'
  | 'listing_name'
  | 'listing_image'
  | 'listing_price'
  | 'other_id'
  | 'other_name'
  | 'last_body'
  | 'last_from_me'

/** One row of rpc my_conversations: what the Messages list and a conversation's header show. */
export type ConversationSummary = Omit<ConversationRow, NullableColumn | 'listing_category' | 'role'> & {
  [C in NullableColumn]: ConversationRow[C] | null
} & {
  listing_category: ListingType | null
  role: 'hunter' | 'landlord'
}

/** A message as a conversation shows it; `sender_id` is null once its sender deleted their account. */
export type Message = Pick<Tables<'messages'>, 'id' | 'sender_id' | 'body' | 'created_at'>

/** Messages shown at a time; older ones load by keyset. */
export const MESSAGE_PAGE = 30

/** An enquiry about a listing: finds or starts the caller's conversation about it; returns its id. */
export async function sendEnquiry(listingId: string, messageId: string, body: string): Promise<string> {
  const supabase = await getSupabase()
  const { data, error, status } = await supabase.rpc('send_enquiry', {
    listing_id: listingId,
    message_id: messageId,
    body,
  })
  if (error) throw toOutboxFailure(error, status)
  return data
}

/** A message in a conversation, by the id the device gave it; a message already there is left as it is. */
export async function sendReply(conversationId: string, messageId: string, body: string): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase
    .from('messages')
    .upsert(
      { id: messageId, conversation_id: conversationId, body },
      { onConflict: 'id', ignoreDuplicates: true },
    )
  if (error) throw toOutboxFailure(error, status)
}

/** The caller's conversations, most recent first (or only the one asked for). */
export async function fetchConversations(onlyId?: string): Promise<ConversationSummary[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('my_conversations', onlyId ? { only_id: onlyId } : {})
  if (error) throw toAppError(error)
  // The function's own result: listing_category is a listing's type, role one of the two (see the migration).
  return (data ?? []) as ConversationSummary[]
}

/** The latest page of a conversation's messages (or the page before `before`), oldest first. */
export async function fetchMessages(
  conversationId: string,
  before?: Pick<Message, 'created_at' | 'id'>,
): Promise<Message[]> {
  const supabase = await getSupabase()
  let query = supabase
    .from('messages')
    .select('id, sender_id, body, created_at')
    .eq('conversation_id', conversationId)
  if (before) {
    query = query.or(
      `created_at.lt.${before.created_at},and(created_at.eq.${before.created_at},id.lt.${before.id})`,
    )
  }
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(MESSAGE_PAGE)
  if (error) throw toAppError(error)
  return (data ?? []).reverse()
}

/** How many conversations have a message the caller has not read. */
export async function fetchUnreadCount(): Promise<number> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('unread_conversation_count')
  if (error) throw toAppError(error)
  return data ?? 0
}

export async function markConversationRead(conversationId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('mark_conversation_read', { conversation_id: conversationId })
  if (error) throw toAppError(error)
}

/** Whether the caller blocks `personId`. */
export async function isBlocked(personId: string): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('blocked_senders')
    .select('blocked_id')
    .eq('blocked_id', personId)
  if (error) throw toAppError(error)
  return (data ?? []).length > 0
}

export async function setBlocked(personId: string, blocked: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { error } = blocked
    ? await supabase
        .from('blocked_senders')
        .upsert({ blocked_id: personId }, { onConflict: 'blocker_id,blocked_id', ignoreDuplicates: true })
    : await supabase.from('blocked_senders').delete().eq('blocked_id', personId)
  if (error) throw toAppError(error)
}
