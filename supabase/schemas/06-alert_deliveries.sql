/**
 * ---------------------------------------------------------------------------
 * Alert deliveries
 * ---------------------------------------------------------------------------
 * The queue of new-home alerts. Publishing a listing writes one row for each
 * saved search it matches whose alerts are on (not the publisher's own
 * searches). The sender (the send-alerts Edge Function) takes the rows of one
 * saved search at a time, sends one push to each of the person's browsers,
 * and marks them sent, in one transaction that holds the rows' locks while it
 * sends: a sender that dies mid-way rolls back what it had not marked, and
 * the next run sends it. The table is the server's: no grants to anon or
 * authenticated, and no policies.
 */

create table public.alert_deliveries (
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
  constraint alert_deliveries_pkey PRIMARY KEY (id),
  constraint alert_deliveries_one_per_match UNIQUE (saved_search_id, listing_id),
  constraint alert_deliveries_kind_valid CHECK (kind = ANY (ARRAY['instant'::text, 'daily'::text])),
  constraint alert_deliveries_saved_search_id_fkey FOREIGN KEY (saved_search_id) REFERENCES saved_searches(id) ON DELETE CASCADE,
  constraint alert_deliveries_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.alert_deliveries is 'New-home alerts waiting for or done by the sender: one row per match of a saved search with alerts on.';

create index alert_deliveries_listing_idx ON public.alert_deliveries using btree (listing_id);

-- What is still to send, by saved search, for the sender's scan.
create index alert_deliveries_pending_idx ON public.alert_deliveries using btree (next_attempt_at, saved_search_id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

create index alert_deliveries_user_idx ON public.alert_deliveries using btree (user_id);

-- The API roles get only what is granted here.
revoke all on table public.alert_deliveries from anon, authenticated, service_role;
grant select, insert, update, delete on table public.alert_deliveries to service_role;

-- Its identity's sequence.
revoke all on sequence alert_deliveries_id_seq from anon, authenticated, service_role;
grant select, usage on sequence alert_deliveries_id_seq to service_role;

alter table public.alert_deliveries enable row level security;
