/**
 * ---------------------------------------------------------------------------
 * The market moves: status, price history, versions
 * ---------------------------------------------------------------------------
 * - `status`: where the home is on the market, chosen by its landlord. For
 *   sale: available, under_offer, sold_stc, sold; to rent: available,
 *   let_agreed, let. A CHECK ties the status to the type, so changing the type
 *   to one whose set lacks the status is refused too.
 * - `status_changed_at`, `off_market_at`: server-owned. When the status last
 *   changed (publication for a new listing), and when the listing leaves every
 *   list and search: 14 days after it became sold or let, 60 days after it
 *   became sold STC or let agreed, never while available or under offer.
 * - `price_reduced_at`, `price_reduced_by`: server-owned. When the price a
 *   person pays (effective_price) last fell, and by how much; an increase
 *   clears both. The app shows `Reduced` while price_reduced_at is within 30
 *   days, and the `reduced` sort orders by it.
 * - `version`: server-owned, bumped by every update. An update that sets
 *   version to anything but the current value is refused with
 *   `listing_version_conflict` (SQLSTATE P0001), so an edit that started from
 *   an older version never overwrites a newer one silently. An update that
 *   leaves version out is not checked.
 * - `listing_price_history`: every change of the effective price, written by
 *   trigger only (the first row, with no previous price, is the listed price).
 * - `market_listings`: the one definition of "on the market", which every
 *   list and search reads. A listing's own page, Your Listings and saved homes
 *   read public.listings, so an off-market home's page still opens.
 */

/*
 * listing_matches_search was a BEGIN ATOMIC function over the listings row
 * type, which stops hosted Postgres 15 from adding columns to listings. As an
 * ordinary SQL function (still a single expression, still inlined into the
 * query that calls it) it holds no such dependency. Same body here; the
 * market rules are added below once the columns exist.
 */
create or replace function public.listing_matches_search(listing public.listings, params jsonb)
  returns boolean
  language sql
  immutable parallel safe
as $$
  select
    (params ->> 'type' is null or (listing).type = params ->> 'type')
    and (params ->> 'minPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        >= (params ->> 'minPrice')::numeric)
    and (params ->> 'maxPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        <= (params ->> 'maxPrice')::numeric)
    and (params ->> 'minBeds' is null or (listing).bedrooms >= (params ->> 'minBeds')::numeric)
    and (params ->> 'minBaths' is null or (listing).bathrooms >= (params ->> 'minBaths')::numeric)
    and (params -> 'parking' is distinct from 'true' or (listing).parking)
    and (params -> 'furnished' is distinct from 'true' or (listing).furnished)
    and (params -> 'offer' is distinct from 'true' or (listing).offer)
    and (params ->> 'bbox' is null or (
      (listing).longitude between split_part(params ->> 'bbox', ',', 1)::float8
        and split_part(params ->> 'bbox', ',', 3)::float8
      and (listing).latitude between split_part(params ->> 'bbox', ',', 2)::float8
        and split_part(params ->> 'bbox', ',', 4)::float8
    ))
    and (params ->> 'q' is null or public.search_words_in(
      public.search_fold((listing).location || ' ' || (listing).name || ' ' || coalesce((listing).description, '')),
      public.search_words(params ->> 'q')
    ))
$$;

/**
 * ---------------------------------------------------------------------------
 * Columns
 * ---------------------------------------------------------------------------
 * Existing listings are available since they were published, and unchanged
 * in price. They are filled with the listings' triggers off, so filling them
 * is not an edit (updated_at and version stay).
 */

alter table public.listings
  add column status text not null default 'available',
  -- Given by the trigger; the default serves writes made with triggers off (replication, restores).
  add column status_changed_at timestamptz default now(),
  add column off_market_at timestamptz,
  add column price_reduced_at timestamptz,
  add column price_reduced_by integer,
  add column version integer not null default 1;

alter table public.listings disable trigger user;
update public.listings set status_changed_at = created_at;
alter table public.listings enable trigger user;

alter table public.listings
  alter column status_changed_at set not null,
  -- A type that is neither is listings_type_valid's to refuse, so that is the constraint an error names.
  add constraint listings_status_valid check (
    (type = 'sale' and status in ('available', 'under_offer', 'sold_stc', 'sold'))
    or (type = 'rent' and status in ('available', 'let_agreed', 'let'))
    or type not in ('rent', 'sale')
  ),
  add constraint listings_price_reduction_whole check ((price_reduced_at is null) = (price_reduced_by is null)),
  add constraint listings_price_reduced_by_positive check (price_reduced_by > 0),
  add constraint listings_version_positive check (version >= 1);

comment on column public.listings.status is
  'Where the home is on the market: sale available, under_offer, sold_stc, sold; rent available, let_agreed, let.';
comment on column public.listings.status_changed_at is
  'Server time the status last changed (publication when it never did); server-owned.';
comment on column public.listings.off_market_at is
  'When the listing leaves lists and search: sold/let + 14 days, sold_stc/let_agreed + 60 days; server-owned.';
comment on column public.listings.price_reduced_at is
  'When the price a person pays last fell; cleared by an increase; server-owned.';
comment on column public.listings.price_reduced_by is
  'How much the price a person pays fell by at price_reduced_at; server-owned.';
comment on column public.listings.version is
  'Bumped by every update; an update that names another version is refused (listing_version_conflict).';

/**
 * ---------------------------------------------------------------------------
 * Server-owned columns
 * ---------------------------------------------------------------------------
 * stamp_listing (the listings migration) now also keeps the market columns.
 * For API callers (anon, authenticated) they always take the server's values.
 * The service role and the table owner (seeding, maintenance) may set the
 * reduction when inserting, and change status_changed_at and the reduction in
 * an update that does not change the status or the price; a new listing's
 * status_changed_at is its created_at, and off_market_at always follows the
 * status and status_changed_at, for everyone. Generated columns
 * are not yet computed in a BEFORE trigger, so the price a person pays is
 * worked out here as effective_price defines it.
 */

create or replace function public.stamp_listing()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
  new_price integer;
begin
  if tg_op = 'INSERT' then
    -- Bulk inserts send absent keys as null, so fall back to the defaults here.
    new.id := coalesce(new.id, gen_random_uuid());
    new.status := coalesce(new.status, 'available');
    new.version := 1;
    if api_caller then
      new.created_at := now();
      new.user_ref := auth.uid();
      new.price_reduced_at := null;
      new.price_reduced_by := null;
    else
      new.created_at := coalesce(new.created_at, now());
      new.user_ref := coalesce(new.user_ref, auth.uid());
    end if;
    new.updated_at := new.created_at;
    -- A new listing's status has not changed since it was published.
    new.status_changed_at := new.created_at;
  else
    if new.version is distinct from old.version then
      raise exception 'listing_version_conflict'
        using errcode = 'P0001',
          detail = format('The listing is at version %s; the update started from version %s.', old.version, new.version),
          hint = 'Read the listing again and apply the change to its current version.';
    end if;
    new.id := old.id;
    new.created_at := old.created_at;
    new.user_ref := old.user_ref;
    new.updated_at := now();
    new.version := old.version + 1;

    if new.status is distinct from old.status then
      new.status_changed_at := now();
    elsif api_caller or new.status_changed_at is null then
      new.status_changed_at := old.status_changed_at;
    end if;

    new_price := case when new.offer then new.discounted_price else new.regular_price end;
    if new_price < old.effective_price then
      new.price_reduced_at := now();
      new.price_reduced_by := old.effective_price - new_price;
    elsif new_price > old.effective_price then
      new.price_reduced_at := null;
      new.price_reduced_by := null;
    elsif api_caller then
      new.price_reduced_at := old.price_reduced_at;
      new.price_reduced_by := old.price_reduced_by;
    end if;
  end if;

  new.off_market_at := case
    when new.status in ('sold', 'let') then new.status_changed_at + interval '14 days'
    when new.status in ('sold_stc', 'let_agreed') then new.status_changed_at + interval '60 days'
  end;
  return new;
end;
$$;

revoke execute on function public.stamp_listing() from public, anon, authenticated, service_role;

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
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  price integer not null,
  previous_price integer,
  changed_at timestamptz not null default now()
);

comment on table public.listing_price_history is
  'Every change of a listing''s effective price, oldest first by changed_at; the first row (no previous price) is the listed price. Written by trigger only.';
comment on column public.listing_price_history.price is 'The price a person pays after the change.';
comment on column public.listing_price_history.previous_price is 'The price before; null for the listed price.';

create index listing_price_history_listing_idx on public.listing_price_history (listing_id, changed_at, id);

revoke all on public.listing_price_history from public, anon, authenticated, service_role;
grant select on public.listing_price_history to anon, authenticated, service_role;
revoke all on sequence public.listing_price_history_id_seq from public, anon, authenticated, service_role;

alter table public.listing_price_history enable row level security;

-- Whoever can read the listing (its select policy applies inside the subquery) reads its history.
create policy "Price history is visible to whoever can see the listing"
  on public.listing_price_history for select to anon, authenticated, service_role
  using (exists (select 1 from public.listings as l where l.id = listing_price_history.listing_id));

create function public.record_listing_prices()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
    select l.id, l.effective_price, null, l.created_at from new_listings as l;
  else
    insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
    select l.id, l.effective_price, o.effective_price, l.updated_at
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.effective_price is distinct from o.effective_price;
  end if;
  return null;
end;
$$;

revoke execute on function public.record_listing_prices() from public, anon, authenticated, service_role;

create trigger listings_price_history_insert
  after insert on public.listings
  referencing new table as new_listings
  for each statement execute function public.record_listing_prices();

create trigger listings_price_history_update
  after update on public.listings
  referencing old table as old_listings new table as new_listings
  for each statement execute function public.record_listing_prices();

-- Listings published before history existed start it at their current price, as of publication.
insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
select l.id, l.effective_price, null, l.created_at from public.listings as l;

/**
 * ---------------------------------------------------------------------------
 * On the market
 * ---------------------------------------------------------------------------
 * The one rule: a listing is on the market until its off_market_at. Every list
 * and search (Explore's slider, the category pages, Offers, search's list,
 * count and map, saved-search matching, landlord contact) reads this view; the
 * listings' select policy still applies (security invoker), so what it hides
 * stays hidden. A column added to listings later is added here too (the view
 * keeps the columns it was created with).
 */

create view public.market_listings
  with (security_invoker = true)
as
select * from public.listings
where off_market_at is null or off_market_at > now();

comment on view public.market_listings is
  'Listings on the market: every list and search reads this; a listing''s own page reads public.listings.';

revoke all on public.market_listings from public, anon, authenticated, service_role;
grant select on public.market_listings to anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * The `reduced` sort pages by keyset on (price_reduced_at desc nulls last,
 * id desc), alone, by type and by offer, like the other sorts. The on-market
 * condition is checked on the rows these and the existing indexes return:
 * nearly every listing is on the market, so an ordered index scan stops after
 * a page's worth of rows. off_market_at is indexed for the few queries led by
 * it (how many have left, or are about to).
 */

create index listings_reduced_idx on public.listings (price_reduced_at desc nulls last, id desc);
create index listings_type_reduced_idx on public.listings (type, price_reduced_at desc nulls last, id desc);
create index listings_offer_reduced_idx on public.listings (offer, price_reduced_at desc nulls last, id desc);
create index listings_off_market_idx on public.listings (off_market_at) where off_market_at is not null;

/**
 * ---------------------------------------------------------------------------
 * Searches: `underOffer` and the `reduced` sort
 * ---------------------------------------------------------------------------
 * A search's `underOffer: false` (the URL's `?underOffer=false`; on by
 * default, never written when on) keeps only available homes; `sort` may be
 * `reduced`. saved_search_params_valid accepts exactly these and
 * listing_matches_search applies the first as src/utils/match-listings.ts
 * does. Whether a listing is still on the market is not part of the match: the
 * callers read market_listings.
 */

create or replace function public.saved_search_params_valid(params jsonb)
  returns boolean
  language plpgsql
  immutable strict parallel safe
  set search_path = ''
as $$
declare
  key text;
  value jsonb;
  q text;
  -- JavaScript's \s: what parseHomeSearch turns into single spaces and trims.
  js_space constant text := '[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]';
  utf16_length integer;
  low integer;
  high integer;
begin
  if jsonb_typeof(params) <> 'object' then
    return false;
  end if;
  for key, value in select entry.key, entry.value from jsonb_each(params) as entry loop
    if key = 'q' then
      if jsonb_typeof(value) <> 'string' then
        return false;
      end if;
      q := value #>> '{}';
      utf16_length := char_length(q) + char_length(regexp_replace(q, '[^\U00010000-\U0010ffff]', '', 'g'));
      -- Cut at 100 units after trimming, the text may end in a space only when it was cut.
      if utf16_length not between 1 and 100 or q ~ js_space or strpos(q, '  ') > 0
        or left(q, 1) = ' ' or (right(q, 1) = ' ' and utf16_length < 100) then
        return false;
      end if;
    elsif key = 'type' then
      if value not in ('"rent"', '"sale"') then
        return false;
      end if;
    elsif key in ('minPrice', 'maxPrice', 'minBeds', 'minBaths') then
      if jsonb_typeof(value) <> 'number' then
        return false;
      end if;
      low := case key when 'maxPrice' then 0 else 1 end;
      high := case when key in ('minPrice', 'maxPrice') then 750000000 else 50 end;
      if value::numeric <> trunc(value::numeric) or value::numeric not between low and high then
        return false;
      end if;
    elsif key in ('parking', 'furnished', 'offer') then
      if value <> 'true' then
        return false;
      end if;
    elsif key = 'underOffer' then
      -- On by default, so only its off value is ever written.
      if value <> 'false' then
        return false;
      end if;
    elsif key = 'sort' then
      if value not in ('"price-asc"', '"price-desc"', '"reduced"') then
        return false;
      end if;
    elsif key = 'bbox' then
      if jsonb_typeof(value) <> 'string' or not public.search_bbox_valid(value #>> '{}') then
        return false;
      end if;
    else
      return false;
    end if;
  end loop;
  return true;
end;
$$;

create or replace function public.listing_matches_search(listing public.listings, params jsonb)
  returns boolean
  language sql
  immutable parallel safe
as $$
  select
    (params ->> 'type' is null or (listing).type = params ->> 'type')
    and (params ->> 'minPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        >= (params ->> 'minPrice')::numeric)
    and (params ->> 'maxPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        <= (params ->> 'maxPrice')::numeric)
    and (params ->> 'minBeds' is null or (listing).bedrooms >= (params ->> 'minBeds')::numeric)
    and (params ->> 'minBaths' is null or (listing).bathrooms >= (params ->> 'minBaths')::numeric)
    and (params -> 'parking' is distinct from 'true' or (listing).parking)
    and (params -> 'furnished' is distinct from 'true' or (listing).furnished)
    and (params -> 'offer' is distinct from 'true' or (listing).offer)
    and (params -> 'underOffer' is distinct from 'false' or (listing).status = 'available')
    and (params ->> 'bbox' is null or (
      (listing).longitude between split_part(params ->> 'bbox', ',', 1)::float8
        and split_part(params ->> 'bbox', ',', 3)::float8
      and (listing).latitude between split_part(params ->> 'bbox', ',', 2)::float8
        and split_part(params ->> 'bbox', ',', 4)::float8
    ))
    and (params ->> 'q' is null or public.search_words_in(
      public.search_fold((listing).location || ' ' || (listing).name || ' ' || coalesce((listing).description, '')),
      public.search_words(params ->> 'q')
    ))
$$;

/**
 * Saved-search matching reads the market too: a listing published already off
 * the market (seeded with an old status) records no match and queues no
 * alert, and `N new` counts only listings still on the market.
 */

create or replace function public.queue_listing_alerts()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  -- No saved search yet (a fresh database being seeded): nothing to find for any listing.
  if not exists (select from public.saved_searches) then
    return null;
  end if;
  with found as (
    select m.saved_search_id, m.user_id, m.alerts, l.id as listing_id, l.created_at
    from new_listings as l
    cross join lateral public.saved_searches_matching(l::public.listings) as m
    where m.user_id <> l.user_ref
      and exists (select 1 from public.market_listings as on_market where on_market.id = l.id)
  ),
  recorded as (
    insert into public.saved_search_matches (saved_search_id, listing_id, listing_created_at)
    select found.saved_search_id, found.listing_id, found.created_at from found
    on conflict do nothing
  )
  insert into public.alert_deliveries (saved_search_id, listing_id, user_id, kind)
  select found.saved_search_id, found.listing_id, found.user_id, found.alerts from found
  where found.alerts <> 'off'
  on conflict on constraint alert_deliveries_one_per_match do nothing;
  return null;
end;
$$;

create or replace function public.saved_search_new_counts()
  returns table (saved_search_id uuid, new_count integer)
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select s.id, counted.n::integer
  from public.saved_searches as s
  cross join lateral (
    select count(*) as n
    from (
      select
      from public.saved_search_matches as m
      join public.listings as l on l.id = m.listing_id
      where m.saved_search_id = s.id
        and m.listing_created_at > s.last_opened_at
        and l.user_ref <> s.user_id
        and public.listing_matches_search(l, s.params)
        and exists (select 1 from public.market_listings as on_market where on_market.id = l.id)
      limit 100
    ) as matches
  ) as counted
  where s.user_id = (select auth.uid())
  order by s.created_at, s.id;
$$;

/**
 * Landlord contact answers for a landlord with at least one listing on the
 * market (otherwise as before: the email only when shown, at most 20
 * landlords per address an hour). A landlord whose homes have all left the
 * market is no longer looked up.
 */

create or replace function public.landlord_contact(landlord_id uuid)
  returns table (name text, email text)
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller_address text := public.request_client_address();
begin
  if not exists (select 1 from public.market_listings as l where l.user_ref = landlord_contact.landlord_id) then
    return;
  end if;

  -- One address's reads are counted one at a time, so parallel requests cannot pass the limit together.
  perform pg_advisory_xact_lock(hashtextextended('landlord_contact:' || caller_address, 0));
  delete from public.landlord_contact_reads as r
  where r.address = caller_address and r.read_at <= now() - interval '1 hour';

  if not exists (
    select 1 from public.landlord_contact_reads as r
    where r.address = caller_address and r.landlord_id = landlord_contact.landlord_id
  ) then
    if (
      select count(*) from public.landlord_contact_reads as r where r.address = caller_address
    ) >= 20 then
      raise exception 'Too many landlords looked up from this address: try again in an hour'
        using errcode = 'PT429', hint = 'At most 20 different landlords per address an hour';
    end if;
    insert into public.landlord_contact_reads (address, landlord_id)
    values (caller_address, landlord_contact.landlord_id);
  end if;

  return query
    select p.name, case when p.show_email then p.email end
    from public.profiles as p
    where p.id = landlord_contact.landlord_id;
end;
$$;

comment on function public.landlord_contact(uuid) is
  'Name of a user with at least one listing on the market, and their email when they show it; at most 20 different landlords per client address an hour.';
