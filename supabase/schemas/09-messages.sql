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

create table public.messages (
  id uuid not null default gen_random_uuid(),
  conversation_id uuid not null,
  sender_id uuid default auth.uid(),
  body text not null,
  created_at timestamp with time zone not null default now(),
  constraint messages_pkey PRIMARY KEY (id),
  constraint messages_body_length CHECK (char_length(body) >= 1 AND char_length(body) <= 2000),
  constraint messages_body_not_blank CHECK (btrim(body, ' 	
'::text) <> ''::text),
  constraint messages_body_visible CHECK (visible_text(body) <> ''::text),
  constraint messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES conversations(id) ON DELETE CASCADE,
  constraint messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE SET NULL
);

comment on table public.messages is 'Plain-text messages of a conversation, stored as written; the id may come from the client (idempotent sends).';
comment on column public.messages.sender_id is 'Who wrote it; null once they deleted their account (`Deleted user`).';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */
create index messages_conversation_page ON public.messages using btree (conversation_id, created_at DESC, id DESC);

create index messages_sender_recent ON public.messages using btree (sender_id, created_at);

-- The API roles get only what is granted here.
revoke all on table public.messages from anon, authenticated, service_role;
grant select on table public.messages to authenticated;
grant select, insert, update, delete on table public.messages to service_role;
grant insert (id, conversation_id, body) on table public.messages to authenticated;

alter table public.messages enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */
create policy "Participants can view their conversations' messages"
  on public.messages for select to authenticated
  using ((EXISTS ( SELECT 1
   FROM conversations c
  WHERE ((c.id = messages.conversation_id) AND ((( SELECT auth.uid() AS uid) = c.hunter_id) OR (( SELECT auth.uid() AS uid) = c.landlord_id))))));

create policy "Participants not blocked can send messages"
  on public.messages for insert to authenticated
  with check (((sender_id = ( SELECT auth.uid() AS uid)) AND conversation_open_to(conversation_id, ( SELECT auth.uid() AS uid))));

/**
 * ---------------------------------------------------------------------------
 * Rules a request cannot get round
 * ---------------------------------------------------------------------------
 * Security definer: they read the other side's block list and the sender's
 * counts, which row-level security hides from the caller.
 */
create trigger message_sent AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION message_sent();

/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */
create trigger queue_message_email AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION queue_message_email();

/**
 * ---------------------------------------------------------------------------
 * Pushes for new messages
 * ---------------------------------------------------------------------------
 * Each new message owes its recipient a push: a row in this queue, written by a
 * trigger in the message's own transaction, sent by the send-alerts function
 * (supabase/functions/send-alerts/messages.ts) through the same Web Push code as
 * saved-search alerts. The sender claims rows with `for update skip locked` and
 * marks them sent in the transaction that holds the claim, so a sender that dies
 * loses nothing and a second sender never takes the same row. With push off (no
 * subscription) the row is simply marked sent: the unread count still shows.
 * The queue is the server's: no grants to anon or authenticated.
 */
create trigger queue_message_push AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION queue_message_push();

create trigger stamp_message BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION stamp_message();

-- On message_pushes, written here because it names this table, which needs message_pushes first.
alter table public.message_pushes add constraint message_pushes_message_id_fkey FOREIGN KEY (message_id) REFERENCES messages(id) ON DELETE CASCADE;

/**
 * ---------------------------------------------------------------------------
 * Live updates
 * ---------------------------------------------------------------------------
 * A new message goes to the conversation's private Realtime topic.
 */
create trigger send_message_live AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION send_message_live();
