/**
 * ---------------------------------------------------------------------------
 * Alerts for saved homes
 * ---------------------------------------------------------------------------
 * A person may choose `Tell me when a saved home changes` (off by default):
 * then a home they saved owes them a push when its price falls, when it goes
 * under offer (Under offer, Sold STC, Let agreed) or when it leaves the market
 * (Sold, Let). The pushes are queued by a trigger in the listing's own
 * transaction and sent by the send-alerts function
 * (supabase/functions/send-alerts/saved-homes.ts) through the same Web Push
 * code as the other alerts, claimed `for update skip locked` and marked sent
 * in the transaction that holds the claim. Neither the landlord (for their own
 * home) nor anyone without the setting gets one. The queue is the server's:
 * no grants to anon or authenticated.
 */

create table public.saved_home_pushes (
  id bigint generated always as identity,
  listing_id uuid not null,
  user_id uuid not null,
  change text not null,
  status text not null,
  price integer not null,
  previous_price integer,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  gave_up_at timestamp with time zone,
  constraint saved_home_pushes_pkey PRIMARY KEY (id),
  constraint saved_home_pushes_change_valid CHECK (change = ANY (ARRAY['reduced'::text, 'under_offer'::text, 'off_market'::text])),
  constraint saved_home_pushes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.saved_home_pushes is 'Pushes owed for changes of saved homes (one per change and person who saved it); sent by send-alerts.';

/**
 * ---------------------------------------------------------------------------
 * Saved-home pushes: given up is not sent
 * ---------------------------------------------------------------------------
 * As message pushes.
 */
create index saved_home_pushes_due ON public.saved_home_pushes using btree (next_attempt_at, id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

create index saved_home_pushes_listing ON public.saved_home_pushes using btree (listing_id);

create index saved_home_pushes_user ON public.saved_home_pushes using btree (user_id);

-- The API roles get only what is granted here.
revoke all on table public.saved_home_pushes from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_home_pushes to service_role;

-- Its identity's sequence.
revoke all on sequence saved_home_pushes_id_seq from anon, authenticated, service_role;

alter table public.saved_home_pushes enable row level security;
