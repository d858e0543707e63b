/**
 * ---------------------------------------------------------------------------
 * Search at a million homes: capped counts and map clusters
 * ---------------------------------------------------------------------------
 * Two things that grew with the table until search stopped being fast at
 * 1,000,000 listings (word search already reads market_listings, which is
 * planned from the column statistics):
 *
 * 1. Exact counts. A search's count counted every match: all of the homes on
 *    the market for the search page with nothing set. count_listings counts
 *    at most 1,001, which says everything the screen shows: the exact number
 *    up to 1,000, and `1,000+ homes` above.
 *
 * 2. The map at country zoom fetched every home in the box. listing_clusters
 *    keeps, for four grid sizes, how many homes lie in each cell by type,
 *    offer and the day they leave the market (and the sums of their
 *    positions, for the cluster's centre), kept current by statement
 *    triggers on listings; map_clusters answers a box from it with a few
 *    hundred rows at most, counting exactly the homes market_listings shows.
 */

/**
 * ---------------------------------------------------------------------------
 * count_listings: a search's count, capped
 * ---------------------------------------------------------------------------
 * The filters are the search's (search-query.ts): each of `words` (the
 * search's words, split and cleaned by the app, joined by spaces) matched by
 * `search_text ilike '%word%'`, exactly as the app asks PostgREST; type, price
 * range (on the price a person pays), least bedrooms and bathrooms, parking,
 * furnished, on offer, available only (not under offer, sold STC or let
 * agreed) and the map's box. Returns the number of matches when it is at most
 * 1,000, else 1,001: it reads at most 1,001 rows whatever the table holds.
 *
 * The statement is built from the filters that are set (each value passed
 * as a parameter, never as text), so each call is planned for its own
 * filters and values. It runs with the caller's rights and reads
 * market_listings, the homes every list and search shows, so a count covers
 * exactly the homes the search can list.
 */

create function public.count_listings(
  words text default '',
  type text default null,
  min_price integer default null,
  max_price integer default null,
  min_beds integer default null,
  min_baths integer default null,
  parking boolean default false,
  furnished boolean default false,
  offer boolean default false,
  available_only boolean default false,
  west double precision default null,
  south double precision default null,
  east double precision default null,
  north double precision default null
)
returns integer
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  patterns text[] := array(
    select '%' || word || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  conditions text[] := array['true'];
  counted integer;
begin
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  if type is not null then conditions := array_append(conditions, 'type = $2'); end if;
  if min_price is not null then conditions := array_append(conditions, 'effective_price >= $3'); end if;
  if max_price is not null then conditions := array_append(conditions, 'effective_price <= $4'); end if;
  if min_beds is not null then conditions := array_append(conditions, 'bedrooms >= $5'); end if;
  if min_baths is not null then conditions := array_append(conditions, 'bathrooms >= $6'); end if;
  if parking then conditions := array_append(conditions, 'parking'); end if;
  if furnished then conditions := array_append(conditions, 'furnished'); end if;
  if offer then conditions := array_append(conditions, 'offer'); end if;
  if available_only then conditions := array_append(conditions, 'status = ''available'''); end if;
  if west is not null and south is not null and east is not null and north is not null then
    conditions := conditions
      || array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10'];
  end if;
  execute format(
    'select count(*)::integer from (select from public.market_listings where %s limit 1001) as capped',
    array_to_string(conditions, ' and ')
  )
  into counted
  using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  return counted;
end;
$$;

comment on function public.count_listings is
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 rows).';

revoke execute on function public.count_listings from public, anon, authenticated, service_role;
grant execute on function public.count_listings to anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * listing_clusters: homes per grid cell, type, offer and leaving day
 * ---------------------------------------------------------------------------
 * Cells are squares of `cell` degrees (1, 1/4, 1/16 and 1/64: about 110 km
 * down to 1.7 km of latitude), numbered floor(longitude / cell) and
 * floor(latitude / cell). Each row holds how many homes lie in the cell and
 * the sums of their latitudes and longitudes, so a cluster is drawn at the
 * centre of its homes rather than of its square.
 *
 * `leaves_on` is the UTC day the homes leave the market (off_market_at's
 * day; 'infinity' while available or under offer). A home leaves the market
 * by the clock, with no write to fire a trigger, so the rows keep every
 * listing and map_clusters reads only the days after today, and today's
 * leavers (a few) from the listings themselves. Rows of past days stay as
 * they are (their homes left), as does a cell whose homes all left: a busy
 * cell is not deleted and recreated.
 *
 * The table counts every listing, held ones too (map_clusters takes those
 * off), so nobody but its trigger and map_clusters reads or writes it.
 */

create table public.listing_clusters (
  cell double precision not null,
  cell_x integer not null,
  cell_y integer not null,
  type text not null,
  offer boolean not null,
  leaves_on date not null,
  homes integer not null,
  latitude_sum double precision not null,
  longitude_sum double precision not null,
  primary key (cell, cell_x, cell_y, type, offer, leaves_on)
);

comment on table public.listing_clusters is
  'Listings per map grid cell (of `cell` degrees), type, offer and leaving day; kept by triggers on public.listings, read through map_clusters.';

alter table public.listing_clusters enable row level security;

revoke all on public.listing_clusters from public, anon, authenticated, service_role;

-- Today's leavers, read by map_clusters: the listings with a leaving time, by that time.
create index listings_off_market_at_idx on public.listings (off_market_at) where off_market_at is not null;

/**
 * Moves the listings a statement changed between cells: departed rows
 * (updated or deleted) leave theirs, arrived rows (inserted or updated) join
 * theirs. One grouped upsert per transition table, so a bulk insert of a
 * million listings costs one pass; cells are written in key order, so two
 * statements touching the same cells wait for each other instead of
 * deadlocking. Security definer: the table is written by nobody else.
 */
create function public.count_listing_clusters()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.listing_clusters as c
      (cell, cell_x, cell_y, type, offer, leaves_on, homes, latitude_sum, longitude_sum)
    select size.cell, floor(r.longitude / size.cell)::integer, floor(r.latitude / size.cell)::integer,
      r.type, r.offer, coalesce((r.off_market_at at time zone 'UTC')::date, 'infinity'::date),
      -count(*), -sum(r.latitude), -sum(r.longitude)
    from departed as r
    cross join (values (1.0::double precision), (0.25), (0.0625), (0.015625)) as size (cell)
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (cell, cell_x, cell_y, type, offer, leaves_on) do update set
      homes = c.homes + excluded.homes,
      latitude_sum = c.latitude_sum + excluded.latitude_sum,
      longitude_sum = c.longitude_sum + excluded.longitude_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.listing_clusters as c
      (cell, cell_x, cell_y, type, offer, leaves_on, homes, latitude_sum, longitude_sum)
    select size.cell, floor(r.longitude / size.cell)::integer, floor(r.latitude / size.cell)::integer,
      r.type, r.offer, coalesce((r.off_market_at at time zone 'UTC')::date, 'infinity'::date),
      count(*), sum(r.latitude), sum(r.longitude)
    from arrived as r
    cross join (values (1.0::double precision), (0.25), (0.0625), (0.015625)) as size (cell)
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (cell, cell_x, cell_y, type, offer, leaves_on) do update set
      homes = c.homes + excluded.homes,
      latitude_sum = c.latitude_sum + excluded.latitude_sum,
      longitude_sum = c.longitude_sum + excluded.longitude_sum;
  end if;
  return null;
end;
$$;

revoke execute on function public.count_listing_clusters() from public, anon, authenticated, service_role;

create trigger listings_clusters_insert
  after insert on public.listings
  referencing new table as arrived
  for each statement execute function public.count_listing_clusters();

create trigger listings_clusters_update
  after update on public.listings
  referencing old table as departed new table as arrived
  for each statement execute function public.count_listing_clusters();

create trigger listings_clusters_delete
  after delete on public.listings
  referencing old table as departed
  for each statement execute function public.count_listing_clusters();

-- The listings already there (the same upsert over the whole table).
insert into public.listing_clusters as c
  (cell, cell_x, cell_y, type, offer, leaves_on, homes, latitude_sum, longitude_sum)
select size.cell, floor(r.longitude / size.cell)::integer, floor(r.latitude / size.cell)::integer,
  r.type, r.offer, coalesce((r.off_market_at at time zone 'UTC')::date, 'infinity'::date),
  count(*), sum(r.latitude), sum(r.longitude)
from public.listings as r
cross join (values (1.0::double precision), (0.25), (0.0625), (0.015625)) as size (cell)
group by 1, 2, 3, 4, 5, 6
order by 1, 2, 3, 4, 5, 6
on conflict (cell, cell_x, cell_y, type, offer, leaves_on) do update set
  homes = c.homes + excluded.homes,
  latitude_sum = c.latitude_sum + excluded.latitude_sum,
  longitude_sum = c.longitude_sum + excluded.longitude_sum;

/**
 * ---------------------------------------------------------------------------
 * map_clusters: the clusters of a map's box
 * ---------------------------------------------------------------------------
 * For the grid of `cell` degrees, one row per cell that touches the box and
 * holds homes on the market of the search's type and offer (null type: both;
 * offer false: with or without), with how many homes and where their centre
 * lies. A cell on the box's edge counts all its homes. The homes counted are
 * exactly market_listings' (on the market, not held for review):
 *
 * - listing_clusters' rows of the days after today: listings that are on the
 *   market until at least tomorrow;
 * - plus the listings leaving the market later today, from listings by
 *   off_market_at (a day's worth of leavers);
 * - minus the held listings among the first (from listing_review_holds,
 *   which holds a few).
 *
 * Security definer, because listing_clusters counts held listings too and is
 * readable by nobody: what this returns is a count and a centre per cell of
 * homes every caller may list through market_listings, and nothing of any
 * other listing (the Supabase security advisor's notice that anon may run a
 * security-definer function is answered by this: it shows less than
 * market_listings already does). Its arguments only choose cells, type and
 * offer; they take no part in any other condition.
 */
create function public.map_clusters(
  cell double precision,
  west double precision,
  south double precision,
  east double precision,
  north double precision,
  type text default null,
  offer boolean default false
)
returns table (cell_x integer, cell_y integer, homes integer, latitude double precision, longitude double precision)
language sql
stable
security definer
set search_path = ''
as $$
  with box as (
    select
      floor(map_clusters.west / map_clusters.cell)::integer as x0,
      floor(map_clusters.east / map_clusters.cell)::integer as x1,
      floor(map_clusters.south / map_clusters.cell)::integer as y0,
      floor(map_clusters.north / map_clusters.cell)::integer as y1,
      ((now() at time zone 'UTC')::date::timestamp + interval '1 day') at time zone 'UTC' as tomorrow,
      (now() at time zone 'UTC')::date as today
  ),
  -- Today's leavers still on the market, and the held listings the clusters count, by cell.
  loose as (
    select floor(l.longitude / map_clusters.cell)::integer as cell_x,
      floor(l.latitude / map_clusters.cell)::integer as cell_y,
      1 as homes, l.latitude, l.longitude
    from public.listings as l, box
    where l.off_market_at > now() and l.off_market_at < box.tomorrow
      and (map_clusters.type is null or l.type = map_clusters.type)
      and (not map_clusters.offer or l.offer)
      and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.id)
    union all
    select floor(l.longitude / map_clusters.cell)::integer, floor(l.latitude / map_clusters.cell)::integer,
      -1, -l.latitude, -l.longitude
    from public.listing_review_holds as h
    join public.listings as l on l.id = h.listing_id
    cross join box
    where (l.off_market_at is null or l.off_market_at >= box.tomorrow)
      and (map_clusters.type is null or l.type = map_clusters.type)
      and (not map_clusters.offer or l.offer)
  ),
  parts as (
    select c.cell_x, c.cell_y, c.homes, c.latitude_sum, c.longitude_sum
    from public.listing_clusters as c, box
    where c.cell = map_clusters.cell
      and c.cell_x between box.x0 and box.x1
      and c.cell_y between box.y0 and box.y1
      and c.leaves_on > box.today
      and (map_clusters.type is null or c.type = map_clusters.type)
      and (not map_clusters.offer or c.offer)
    union all
    select loose.cell_x, loose.cell_y, loose.homes, loose.latitude, loose.longitude
    from loose, box
    where loose.cell_x between box.x0 and box.x1 and loose.cell_y between box.y0 and box.y1
  )
  select parts.cell_x, parts.cell_y, sum(parts.homes)::integer,
    sum(parts.latitude_sum) / sum(parts.homes), sum(parts.longitude_sum) / sum(parts.homes)
  from parts
  group by parts.cell_x, parts.cell_y
  having sum(parts.homes) > 0
  order by parts.cell_y, parts.cell_x
$$;

comment on function public.map_clusters is
  'Homes on the market per grid cell of `cell` degrees touching a box, for a type (null: both) and offer (false: any).';

revoke execute on function public.map_clusters from public, anon, authenticated, service_role;
grant execute on function public.map_clusters to anon, authenticated, service_role;
