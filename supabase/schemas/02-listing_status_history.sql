/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */

create table public.listing_status_history (
  id bigint generated always as identity,
  listing_id uuid not null,
  status text not null,
  previous_status text,
  changed_at timestamp with time zone not null default now(),
  constraint listing_status_history_pkey PRIMARY KEY (id)
);

comment on table public.listing_status_history is 'Every status of a listing since publication (the first row has no previous status). Written by trigger only.';

create index listing_status_history_listing_idx ON public.listing_status_history using btree (listing_id, changed_at, id);

-- The API roles get only what is granted here.
revoke all on table public.listing_status_history from anon, authenticated, service_role;
grant select on table public.listing_status_history to anon;
grant select on table public.listing_status_history to authenticated;
grant select on table public.listing_status_history to service_role;

-- Its identity's sequence.
revoke all on sequence listing_status_history_id_seq from anon, authenticated, service_role;

alter table public.listing_status_history enable row level security;
