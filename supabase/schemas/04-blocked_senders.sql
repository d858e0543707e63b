/**
 * ---------------------------------------------------------------------------
 * Messages: enquiries about a listing and their replies
 * ---------------------------------------------------------------------------
 * A conversation is between one house hunter and the landlord of one listing;
 * only those two read it. Messages are plain text (1–2,000 characters, stored
 * exactly as written), never edited or deleted through the API, and may carry
 * the client's own id so a send repeated by the device's outbox is taken once.
 * A person can block another: the blocked person's later messages are refused.
 * Sending is limited: 10 new conversations per sender a day, 60 messages an hour.
 *
 * The app calls:
 *   rpc send_enquiry(listing_id, message_id, body)   → the conversation's id
 *   from('messages').upsert({ id, conversation_id, body }, { onConflict: 'id', ignoreDuplicates: true })
 *   rpc my_conversations(page_size, before_at, before_id, only_id)
 *   rpc unread_conversation_count()
 *   rpc mark_conversation_read(conversation_id)
 *   from('messages').select() keyset-paged on (created_at, id)
 *   from('blocked_senders') insert/delete
 */

create table public.blocked_senders (
  blocker_id uuid not null default auth.uid(),
  blocked_id uuid not null,
  created_at timestamp with time zone not null default now(),
  constraint blocked_senders_pkey PRIMARY KEY (blocker_id, blocked_id),
  constraint blocked_senders_not_self CHECK (blocker_id <> blocked_id),
  constraint blocked_senders_blocked_id_fkey FOREIGN KEY (blocked_id) REFERENCES profiles(id) ON DELETE CASCADE,
  constraint blocked_senders_blocker_id_fkey FOREIGN KEY (blocker_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.blocked_senders is 'People whose messages the blocker refuses.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */
create index blocked_senders_blocked ON public.blocked_senders using btree (blocked_id);

-- The API roles get only what is granted here.
revoke all on table public.blocked_senders from anon, authenticated, service_role;
grant select, delete on table public.blocked_senders to authenticated;
grant select, insert, update, delete on table public.blocked_senders to service_role;
grant insert (blocked_id) on table public.blocked_senders to authenticated;

alter table public.blocked_senders enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */
create policy "Users can unblock"
  on public.blocked_senders for delete to authenticated
  using ((blocker_id = ( SELECT auth.uid() AS uid)));

create policy "Users can view whom they block"
  on public.blocked_senders for select to authenticated
  using ((blocker_id = ( SELECT auth.uid() AS uid)));
