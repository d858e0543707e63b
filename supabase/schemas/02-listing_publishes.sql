/**
 * ---------------------------------------------------------------------------
 * Publishing events
 * ---------------------------------------------------------------------------
 * One row per listing an API caller (anon, authenticated) publishes: the
 * daily cap counts these, so deleting a listing does not give its place
 * back. Only the last day matters, so the publisher's older rows are deleted
 * whenever they publish. The log is the server's: no grants to any API role,
 * no policies. Listings the service role or the owner writes (seeding,
 * maintenance, moving a test's listings back in time) are not publishes of
 * the API: they count toward the cap as rows, as before, while they exist
 * and are dated within the day.
 */

create table public.listing_publishes (
  id bigint generated always as identity,
  user_id uuid not null,
  listing_id uuid not null,
  published_at timestamp with time zone not null default now(),
  constraint listing_publishes_pkey PRIMARY KEY (id),
  constraint listing_publishes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.listing_publishes is 'Listings published through the API, one row per publish, for the daily publishing cap; rows older than a day may go. Server-only.';

create index listing_publishes_user_recent ON public.listing_publishes using btree (user_id, published_at);

-- No API role reads or writes this table directly.
revoke all on table public.listing_publishes from anon, authenticated, service_role;

-- Its identity's sequence.
revoke all on sequence listing_publishes_id_seq from anon, authenticated, service_role;

alter table public.listing_publishes enable row level security;
