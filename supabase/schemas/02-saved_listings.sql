/**
 * ---------------------------------------------------------------------------
 * Saved listings
 * ---------------------------------------------------------------------------
 * The homes a signed-in user has saved, to find them again and to read them
 * offline. Private to that user. A row goes when its listing goes.
 */

create table public.saved_listings (
  user_id uuid not null default auth.uid(),
  listing_id uuid not null,
  created_at timestamp with time zone not null default now(),
  constraint saved_listings_pkey PRIMARY KEY (user_id, listing_id),
  constraint saved_listings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

-- The primary key serves the policies (user_id first); this one serves the cascade from listings.
create index saved_listings_listing_id_idx ON public.saved_listings using btree (listing_id);

create index saved_listings_user_newest_idx ON public.saved_listings using btree (user_id, created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.saved_listings from anon, authenticated, service_role;
grant select, insert, delete on table public.saved_listings to authenticated;
grant select, insert, update, delete on table public.saved_listings to service_role;

alter table public.saved_listings enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can save listings for themselves"
  on public.saved_listings for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can unsave their saved listings"
  on public.saved_listings for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can view their saved listings"
  on public.saved_listings for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
