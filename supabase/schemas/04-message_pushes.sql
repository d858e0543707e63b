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

create table public.message_pushes (
  id bigint generated always as identity,
  message_id uuid not null,
  recipient_id uuid not null,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  gave_up_at timestamp with time zone,
  constraint message_pushes_pkey PRIMARY KEY (id),
  constraint message_pushes_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.message_pushes is 'Pushes owed for new messages (one per message, to its recipient); sent by the send-alerts function.';

/**
 * ---------------------------------------------------------------------------
 * Message pushes: given up is not sent
 * ---------------------------------------------------------------------------
 * A push that failed its 8th try was marked sent. Now it keeps sent_at null
 * and gets gave_up_at, with its last_error: kept for an operator, skipped by
 * the claim. Rows given up before (sent with an error) are moved over.
 */
create index message_pushes_due ON public.message_pushes using btree (next_attempt_at, id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

create index message_pushes_message ON public.message_pushes using btree (message_id);

-- The API roles get only what is granted here.
revoke all on table public.message_pushes from anon, authenticated, service_role;
grant select, insert, update, delete on table public.message_pushes to service_role;

-- Its identity's sequence.
revoke all on sequence message_pushes_id_seq from anon, authenticated, service_role;

alter table public.message_pushes enable row level security;
