/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */

create table public.message_emails (
  id bigint generated always as identity,
  conversation_id uuid not null,
  recipient_id uuid not null,
  sender_id uuid,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  outcome text,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  constraint message_emails_pkey PRIMARY KEY (id),
  constraint message_emails_outcome CHECK (sent_at IS NULL AND outcome IS NULL OR sent_at IS NOT NULL AND (outcome = ANY (ARRAY['sent'::text, 'skipped'::text, 'gave-up'::text]))),
  constraint message_emails_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES profiles(id) ON DELETE CASCADE,
  constraint message_emails_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE SET NULL
);

comment on table public.message_emails is 'Emails owed to landlords away for a day (one per conversation per quiet period); sent by send-emails.';

create index message_emails_conversation ON public.message_emails using btree (conversation_id, recipient_id, sent_at);

create index message_emails_due ON public.message_emails using btree (next_attempt_at, id) WHERE (sent_at IS NULL);

create unique index message_emails_one_waiting ON public.message_emails using btree (conversation_id, recipient_id) WHERE (sent_at IS NULL);

create index message_emails_recipient ON public.message_emails using btree (recipient_id);

create index message_emails_sender ON public.message_emails using btree (sender_id);

-- The API roles get only what is granted here.
revoke all on table public.message_emails from anon, authenticated, service_role;
grant select, insert, update, delete on table public.message_emails to service_role;

-- Its identity's sequence.
revoke all on sequence message_emails_id_seq from anon, authenticated, service_role;

alter table public.message_emails enable row level security;
