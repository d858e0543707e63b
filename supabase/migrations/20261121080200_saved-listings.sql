/**
 * ---------------------------------------------------------------------------
 * Saved listings
 * ---------------------------------------------------------------------------
 * The homes a signed-in user has saved, to find them again and to read them
 * offline. Private to that user. A row goes when its listing goes.
 */

create table public.saved_listings (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, listing_id)
);

-- The primary key serves the policies (user_id first); this one serves the cascade from listings.
create index saved_listings_listing_id_idx on public.saved_listings (listing_id);
create index saved_listings_user_newest_idx on public.saved_listings (user_id, created_at desc);

/**
 * ---------------------------------------------------------------------------
 * Privileges
 * ---------------------------------------------------------------------------
 * Saving and unsaving are inserts and deletes; there is nothing to update.
 */

revoke all on public.saved_listings from anon, authenticated, service_role;
grant select, insert, delete on public.saved_listings to authenticated;
grant select, insert, update, delete on public.saved_listings to service_role;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */

alter table public.saved_listings enable row level security;

create policy "Users can view their saved listings"
  on public.saved_listings for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can save listings for themselves"
  on public.saved_listings for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can unsave their saved listings"
  on public.saved_listings for delete to authenticated
  using (user_id = (select auth.uid()));
