/**
 * ---------------------------------------------------------------------------
 * Alert emails
 * ---------------------------------------------------------------------------
 * The queue of new-home alerts by email: a row for each alert of a saved
 * search with email on (route_alert_delivery, as alert_deliveries is
 * written). send-alerts claims a search's rows, sends one email of up to 10
 * homes, and marks them all sent, within the limits (one email a search an
 * hour, 20 a person a day, counted in alert_email_sends). The server's: no
 * grants to anon or authenticated, and no policies.
 */

create table public.alert_emails (
  id bigint generated always as identity,
  saved_search_id uuid not null,
  listing_id uuid not null,
  user_id uuid not null,
  kind text not null,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamp with time zone not null default now(),
  gave_up_at timestamp with time zone,
  constraint alert_emails_pkey PRIMARY KEY (id),
  constraint alert_emails_one_per_match UNIQUE (saved_search_id, listing_id),
  constraint alert_emails_kind_valid CHECK (kind = ANY (ARRAY['instant'::text, 'daily'::text])),
  constraint alert_emails_saved_search_id_fkey FOREIGN KEY (saved_search_id) REFERENCES public.saved_searches(id) ON DELETE CASCADE,
  constraint alert_emails_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES public.listings(id) ON DELETE CASCADE,
  constraint alert_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.alert_emails is 'New-home alerts by email waiting for or done by send-alerts: one row per match of a search with email on.';

create index alert_emails_listing_idx ON public.alert_emails using btree (listing_id);
create index alert_emails_user_idx ON public.alert_emails using btree (user_id);

-- What is still to send, by saved search, for the sender's scan.
create index alert_emails_pending_idx ON public.alert_emails using btree (next_attempt_at, saved_search_id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

-- The API roles get only what is granted here.
revoke all on table public.alert_emails from anon, authenticated, service_role;
grant select, insert, update, delete on table public.alert_emails to service_role;

revoke all on sequence alert_emails_id_seq from anon, authenticated, service_role;
grant select, usage on sequence alert_emails_id_seq to service_role;

alter table public.alert_emails enable row level security;

-- Each new alert goes by the channels its search chose.
create trigger route_alert_delivery before insert on public.alert_deliveries
  for each row execute function public.route_alert_delivery();
