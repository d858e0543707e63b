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
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  status text not null,
  -- Null for the status the listing was published with.
  previous_status text,
  changed_at timestamptz not null default now()
);

comment on table public.listing_status_history is
  'Every status of a listing since publication (the first row has no previous status). Written by trigger only.';

create index listing_status_history_listing_idx on public.listing_status_history (listing_id, changed_at, id);

revoke all on public.listing_status_history from public, anon, authenticated, service_role;
grant select on public.listing_status_history to anon, authenticated, service_role;
revoke all on sequence public.listing_status_history_id_seq from public, anon, authenticated, service_role;

alter table public.listing_status_history enable row level security;

create policy "Status history is visible to whoever can see the listing"
  on public.listing_status_history for select to anon, authenticated, service_role
  using (exists (select 1 from public.listings as l where l.id = listing_status_history.listing_id));

create function public.record_listing_statuses()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
    select l.id, l.status, null, l.status_changed_at from new_listings as l;
  else
    insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
    select l.id, l.status, o.status, l.status_changed_at
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.status is distinct from o.status;
  end if;
  return null;
end;
$$;

revoke execute on function public.record_listing_statuses() from public, anon, authenticated, service_role;

create trigger listings_status_history_insert
  after insert on public.listings
  referencing new table as new_listings
  for each statement execute function public.record_listing_statuses();

create trigger listings_status_history_update
  after update on public.listings
  referencing old table as old_listings new table as new_listings
  for each statement execute function public.record_listing_statuses();

-- Listings published before the history existed start it with their status as it is.
insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
select l.id, l.status, null, l.status_changed_at from public.listings as l;
