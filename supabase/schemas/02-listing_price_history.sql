/**
 * ---------------------------------------------------------------------------
 * Price history
 * ---------------------------------------------------------------------------
 * One row when a listing is published (`Listed at`, no previous price) and one
 * for every change of the price a person pays. Written only by the triggers
 * below (security definer): no API role may insert, update or delete a row,
 * not even the service role, so history cannot be written or rewritten
 * through the API. Rows go with their listing.
 */

create table public.listing_price_history (
  id bigint generated always as identity,
  listing_id uuid not null,
  price integer not null,
  previous_price integer,
  changed_at timestamp with time zone not null default now(),
  constraint listing_price_history_pkey PRIMARY KEY (id)
);

comment on table public.listing_price_history is 'Every change of a listing''s effective price, oldest first by changed_at; the first row (no previous price) is the listed price. Written by trigger only.';
comment on column public.listing_price_history.price is 'The price a person pays after the change.';
comment on column public.listing_price_history.previous_price is 'The price before; null for the listed price.';

create index listing_price_history_listing_idx ON public.listing_price_history using btree (listing_id, changed_at, id);

-- The API roles get only what is granted here.
revoke all on table public.listing_price_history from anon, authenticated, service_role;
grant select on table public.listing_price_history to anon;
grant select on table public.listing_price_history to authenticated;
grant select on table public.listing_price_history to service_role;

-- Its identity's sequence.
revoke all on sequence listing_price_history_id_seq from anon, authenticated, service_role;

alter table public.listing_price_history enable row level security;
