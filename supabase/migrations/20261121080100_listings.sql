/**
 * ---------------------------------------------------------------------------
 * Listings
 * ---------------------------------------------------------------------------
 * Homes for rent or sale. Everyone may browse them; a signed-in user publishes
 * listings in their own name and edits or deletes only those. The rules of the
 * create and edit forms are repeated here as CHECK constraints, so a request
 * that bypasses the app is refused too. Ids may come from the client, which
 * makes publishing a draft that was queued offline idempotent.
 */

create table public.listings (
  id uuid primary key default gen_random_uuid(),
  type text not null default 'rent',
  name text not null,
  bedrooms integer not null default 1,
  bathrooms integer not null default 1,
  parking boolean not null default false,
  furnished boolean not null default false,
  location text not null,
  offer boolean not null default false,
  regular_price integer not null,
  discounted_price integer,
  -- The first image is the cover.
  image_urls text[] not null,
  latitude double precision not null,
  longitude double precision not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  user_ref uuid not null default auth.uid() references auth.users (id) on delete cascade,

  constraint listings_type_valid check (type in ('rent', 'sale')),
  constraint listings_name_length check (char_length(name) between 10 and 32),
  constraint listings_bedrooms_range check (bedrooms between 1 and 50),
  constraint listings_bathrooms_range check (bathrooms between 1 and 50),
  constraint listings_location_present check (btrim(location) <> ''),
  constraint listings_regular_price_range check (regular_price between 50 and 750000000),
  -- A discounted price exists exactly when there is an offer, and is below the regular price.
  constraint listings_discount_only_with_offer check (offer or discounted_price is null),
  constraint listings_offer_needs_discount check (not offer or discounted_price is not null),
  constraint listings_discounted_price_range check (discounted_price between 50 and 750000000),
  constraint listings_discount_below_regular check (discounted_price < regular_price),
  constraint listings_image_count check (
    array_ndims(image_urls) = 1
    and cardinality(image_urls) between 1 and 6
    and array_position(image_urls, null) is null
  ),
  constraint listings_latitude_range check (latitude between -90 and 90),
  constraint listings_longitude_range check (longitude between -180 and 180)
);

comment on column public.listings.created_at is 'Server time of publication; clients cannot set or change it.';
comment on column public.listings.user_ref is 'The landlord: the publishing user; never changes.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * Keyset paging newest first (`order by created_at desc, id desc`) for the
 * explore, category and offers pages, and a landlord's own listings, which
 * also serves the ownership policies.
 */

create index listings_newest_idx on public.listings (created_at desc, id desc);
create index listings_type_newest_idx on public.listings (type, created_at desc, id desc);
create index listings_offers_newest_idx on public.listings (created_at desc, id desc) where offer;
create index listings_user_ref_idx on public.listings (user_ref, created_at desc);

/**
 * ---------------------------------------------------------------------------
 * Server-owned columns
 * ---------------------------------------------------------------------------
 * For API callers (anon, authenticated) an insert gets the server's time and
 * the caller's id whatever the request said; the service role and the table
 * owner (seeding, maintenance) may set both. After insert, id, created_at and
 * user_ref never change, for anyone; updated_at records the last change.
 */

create function public.stamp_listing()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    -- Bulk inserts send absent keys as null, so fall back to the defaults here.
    new.id := coalesce(new.id, gen_random_uuid());
    if api_caller then
      new.created_at := now();
      new.user_ref := auth.uid();
    else
      new.created_at := coalesce(new.created_at, now());
      new.user_ref := coalesce(new.user_ref, auth.uid());
    end if;
    new.updated_at := new.created_at;
  else
    new.id := old.id;
    new.created_at := old.created_at;
    new.user_ref := old.user_ref;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

revoke execute on function public.stamp_listing() from public, anon, authenticated, service_role;

create trigger listings_stamp
  before insert or update on public.listings
  for each row execute function public.stamp_listing();

/**
 * ---------------------------------------------------------------------------
 * Privileges
 * ---------------------------------------------------------------------------
 */

revoke all on public.listings from anon, authenticated, service_role;
grant select on public.listings to anon;
grant select, insert, update, delete on public.listings to authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */

alter table public.listings enable row level security;

create policy "Listings are visible to everyone"
  on public.listings for select to anon, authenticated
  using (true);

create policy "Users can publish listings in their own name"
  on public.listings for insert to authenticated
  with check (user_ref = (select auth.uid()));

create policy "Users can update their own listings"
  on public.listings for update to authenticated
  using (user_ref = (select auth.uid()))
  with check (user_ref = (select auth.uid()));

create policy "Users can delete their own listings"
  on public.listings for delete to authenticated
  using (user_ref = (select auth.uid()));
