/**
 * ---------------------------------------------------------------------------
 * Alert email sends
 * ---------------------------------------------------------------------------
 * Every alert email sent, for the limits: one a saved search an hour, 20 a
 * person a day. It counts what happened, so deleting a search gives no email
 * back; rows older than a day are dropped as the person gets the next one.
 * The server's alone.
 */

create table public.alert_email_sends (
  id bigint generated always as identity,
  user_id uuid not null,
  saved_search_id uuid not null,
  sent_at timestamp with time zone not null default now(),
  constraint alert_email_sends_pkey PRIMARY KEY (id),
  constraint alert_email_sends_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.alert_email_sends is 'Alert emails sent in the last day, for the per-search and per-person limits.';

create index alert_email_sends_user_idx ON public.alert_email_sends using btree (user_id, sent_at);
create index alert_email_sends_search_idx ON public.alert_email_sends using btree (saved_search_id, sent_at);

-- The API roles get only what is granted here.
revoke all on table public.alert_email_sends from anon, authenticated, service_role;
grant select, insert, update, delete on table public.alert_email_sends to service_role;

revoke all on sequence alert_email_sends_id_seq from anon, authenticated, service_role;
grant select, usage on sequence alert_email_sends_id_seq to service_role;

alter table public.alert_email_sends enable row level security;
