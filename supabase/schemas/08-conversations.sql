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

create table public.conversations (
  id uuid not null default gen_random_uuid(),
  listing_id uuid,
  hunter_id uuid default auth.uid(),
  landlord_id uuid,
  created_at timestamp with time zone not null default now(),
  last_message_at timestamp with time zone not null default now(),
  last_sender_id uuid,
  hunter_read_at timestamp with time zone not null default '-infinity'::timestamp with time zone,
  landlord_read_at timestamp with time zone not null default '-infinity'::timestamp with time zone,
  constraint conversations_pkey PRIMARY KEY (id),
  constraint conversations_one_per_listing UNIQUE (listing_id, hunter_id),
  constraint conversations_two_people CHECK (hunter_id <> landlord_id),
  constraint conversations_hunter_id_fkey FOREIGN KEY (hunter_id) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint conversations_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint conversations_last_sender_id_fkey FOREIGN KEY (last_sender_id) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint conversations_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE SET NULL
);

comment on table public.conversations is 'A house hunter and a landlord talking about one listing; read only by those two.';
comment on column public.conversations.hunter_id is 'The house hunter; null once they deleted their account.';
comment on column public.conversations.landlord_id is 'The landlord; null once they deleted their account.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */
create index conversations_hunter_recent ON public.conversations using btree (hunter_id, last_message_at DESC, id DESC);

create index conversations_hunter_started ON public.conversations using btree (hunter_id, created_at);

create index conversations_hunter_unread ON public.conversations using btree (hunter_id) WHERE (last_message_at > hunter_read_at);

create index conversations_landlord_recent ON public.conversations using btree (landlord_id, last_message_at DESC, id DESC);

create index conversations_landlord_unread ON public.conversations using btree (landlord_id) WHERE (last_message_at > landlord_read_at);

-- The API roles get only what is granted here.
revoke all on table public.conversations from anon, authenticated, service_role;
grant select on table public.conversations to authenticated;
grant select, insert, update, delete on table public.conversations to service_role;
grant insert (id, listing_id) on table public.conversations to authenticated;

alter table public.conversations enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */
create policy "Participants can view their conversations"
  on public.conversations for select to authenticated
  using (((( SELECT auth.uid() AS uid) = hunter_id) OR (( SELECT auth.uid() AS uid) = landlord_id)));

create policy "Users can start conversations about others' listings"
  on public.conversations for insert to authenticated
  with check (((hunter_id = ( SELECT auth.uid() AS uid)) AND (landlord_id <> ( SELECT auth.uid() AS uid))));

/**
 * ---------------------------------------------------------------------------
 * Rules a request cannot get round
 * ---------------------------------------------------------------------------
 * Security definer: they read the other side's block list and the sender's
 * counts, which row-level security hides from the caller.
 */
create trigger stamp_conversation BEFORE INSERT OR UPDATE ON conversations FOR EACH ROW EXECUTE FUNCTION stamp_conversation();

-- On blocked_senders, written here because it reads this table, which needs blocked_senders first.
-- Only someone the blocker talks with: the table is no way to probe which ids are people.
create policy "Users can block the people they talk with"
  on public.blocked_senders for insert to authenticated
  with check (((blocker_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM conversations c
  WHERE (((c.hunter_id = blocked_senders.blocked_id) AND (c.landlord_id = ( SELECT auth.uid() AS uid))) OR ((c.landlord_id = blocked_senders.blocked_id) AND (c.hunter_id = ( SELECT auth.uid() AS uid))))))));

-- On message_emails, written here because it names this table, which needs message_emails first.
alter table public.message_emails add constraint message_emails_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES conversations(id) ON DELETE CASCADE;

/**
 * ---------------------------------------------------------------------------
 * Live updates
 * ---------------------------------------------------------------------------
 * A conversation that starts, moves or is read goes to both people's topics.
 */
create trigger send_conversation_live AFTER INSERT OR UPDATE ON conversations FOR EACH ROW EXECUTE FUNCTION send_conversation_live();
