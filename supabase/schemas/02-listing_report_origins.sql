/**
 * ---------------------------------------------------------------------------
 * Where each report came from, and whether it counts
 * ---------------------------------------------------------------------------
 * One row per report, written by the trigger that decides holds. Kept apart
 * from listing_reports because reporters read their own reports: the address
 * and the verdict are for operators (service role) only.
 */

create table public.listing_report_origins (
  report_id uuid not null,
  listing_id uuid not null,
  client_address text not null,
  counts boolean not null,
  not_counted_because text,
  constraint listing_report_origins_pkey PRIMARY KEY (report_id),
  constraint listing_report_origins_reason_given CHECK (counts = (not_counted_because IS NULL))
);

comment on table public.listing_report_origins is 'The client address of each listing report and whether it counts towards hiding the listing; service role only.';

-- Serves the same-address check and the cascade when a listing is deleted.
create index listing_report_origins_listing ON public.listing_report_origins using btree (listing_id, client_address);

-- The API roles get only what is granted here.
revoke all on table public.listing_report_origins from anon, authenticated, service_role;
grant select, insert, update, delete on table public.listing_report_origins to service_role;

alter table public.listing_report_origins enable row level security;
