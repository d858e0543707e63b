/**
 * ---------------------------------------------------------------------------
 * Finding the searches a new listing matches, from the indexes alone
 * ---------------------------------------------------------------------------
 * With a million saved searches a listing matches hundreds of them, and the
 * time went on reaching each candidate: the map-area searches sat in a GiST of
 * overlapping boxes (a point in a city touched most of its pages), and every
 * candidate's row was read to check its parameters again.
 *
 * Now every filter of a search is a stored column, and both indexes carry all
 * of them, so candidates are found and checked from the index (an index-only
 * scan) and only the text is checked after:
 *
 * - `match_flags`: the parking, furnished, offer and "available only" flags as
 *   bits (1, 2, 4, 8); a listing passes when it has every bit the search sets;
 * - `match_cell`: where a map area is filed in a grid of square cells, 2^k
 *   degrees wide for k from -10 (about 100 m) to 9 (the whole world): at the
 *   smallest size that holds the area (with a thousandth to spare), in the
 *   cell of its south-west corner. An area no wider than its cell lies in that
 *   cell and the ones east, north and north-east of it, so a listing finds
 *   every area that may hold it by looking up, at each size, its own cell and
 *   the cells west, south and south-west of it (search_point_cells: 80 keys).
 *
 * The checks are exact: the map area by its corners, as listing_matches_search
 * compares them (the box operators allow for a small error). Matching stays
 * listing_matches_search's: tests compare the two over random searches and
 * listings, and over map areas of every size with listings on their edges.
 */

/** The map area a search covers: its bbox, or the whole world without one; null for invalid params. */
create function public.saved_search_area(params jsonb)
  returns box
  language sql
  immutable parallel safe
  set search_path = ''
return case when public.saved_search_params_valid(params) then
  case when params ? 'bbox' then
    box(
      point(split_part(params ->> 'bbox', ',', 1)::float8, split_part(params ->> 'bbox', ',', 2)::float8),
      point(split_part(params ->> 'bbox', ',', 3)::float8, split_part(params ->> 'bbox', ',', 4)::float8)
    )
  else box(point(-180, -90), point(180, 90)) end
end;

/** The search's flags as bits: parking 1, furnished 2, offer 4, available only (underOffer false) 8. */
create function public.saved_search_flags(params jsonb)
  returns smallint
  language sql
  immutable parallel safe
  set search_path = ''
return case when public.saved_search_params_valid(params) then (
  case when params -> 'parking' = 'true' then 1 else 0 end
  | case when params -> 'furnished' = 'true' then 2 else 0 end
  | case when params -> 'offer' = 'true' then 4 else 0 end
  | case when params -> 'underOffer' = 'false' then 8 else 0 end
)::smallint end;

/** A listing's side of match_flags: the bits of what it has. */
create function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text)
  returns smallint
  language sql
  immutable parallel safe
  set search_path = ''
return (
  case when parking then 1 else 0 end
  | case when furnished then 2 else 0 end
  | case when offer then 4 else 0 end
  | case when status = 'available' then 8 else 0 end
)::smallint;

/** Where a map area is filed: the size level (k + 10) and the cell of its south-west corner, in one key. */
create function public.search_area_cell(area box)
  returns bigint
  language sql
  immutable strict parallel safe
  set search_path = ''
return (
  with span as (
    select greatest((area[0])[0] - (area[1])[0], (area[0])[1] - (area[1])[1]) * 1.001 as size
  ),
  estimate as (
    select span.size, ceil(ln(greatest(span.size, 1e-9)) / ln(2))::integer as k from span
  ),
  level as (
    -- The logarithm may round below: the next size up when 2^k falls short.
    select greatest(-10, least(9, case when power(2::float8, k) < size then k + 1 else k end)) as k
    from estimate
  )
  select (level.k + 10)::bigint * 1099511627776
    + floor(((area[1])[0] + 180) / power(2::float8, level.k))::bigint * 1048576
    + floor(((area[1])[1] + 90) / power(2::float8, level.k))::bigint
  from level
);

/** The keys under which an area that may hold the point is filed: at each size, its cell and the three west and south. */
create function public.search_point_cells(longitude float8, latitude float8)
  returns bigint[]
  language sql
  immutable strict parallel safe
  set search_path = ''
return array(
  select (k + 10)::bigint * 1099511627776
    + (floor((longitude + 180) / power(2::float8, k))::bigint - west) * 1048576
    + (floor((latitude + 90) / power(2::float8, k))::bigint - south)
  from generate_series(-10, 9) as k, (values (0), (1)) as x(west), (values (0), (1)) as y(south)
);

-- The generated columns' functions run as whoever writes a saved search; the listing's side only inside
-- saved_searches_matching.
revoke execute on function public.saved_search_area(jsonb), public.saved_search_flags(jsonb),
  public.search_area_cell(box), public.listing_search_flags(boolean, boolean, boolean, text),
  public.search_point_cells(float8, float8) from public, anon;
grant execute on function public.saved_search_area(jsonb), public.saved_search_flags(jsonb),
  public.search_area_cell(box) to authenticated, service_role;
revoke execute on function public.listing_search_flags(boolean, boolean, boolean, text), public.search_point_cells(float8, float8)
  from authenticated;
grant execute on function public.listing_search_flags(boolean, boolean, boolean, text), public.search_point_cells(float8, float8)
  to service_role;

-- One rewrite of the table: the area from its function (the GiST on it goes with the old column), and the
-- flags and the cell beside it.
drop index public.saved_searches_match_key_idx;
alter table public.saved_searches
  drop column match_area,
  add column match_area box generated always as (public.saved_search_area(params)) stored,
  add column match_flags smallint generated always as (public.saved_search_flags(params)) stored,
  add column match_cell bigint generated always as (public.search_area_cell(public.saved_search_area(params))) stored;

comment on column public.saved_searches.match_area is
  'The map area the search covers (its bbox, or the whole world), for matching new listings.';
comment on column public.saved_searches.match_flags is
  'The search''s parking, furnished, offer and available-only flags as bits 1, 2, 4 and 8.';
comment on column public.saved_searches.match_cell is
  'Where the map area is filed in the grid of search_area_cell, for searches without a word to look up.';

-- Searches with a word of three or more characters, by the start of their longest word; the others by their
-- area's cell. Each index carries every column the match reads.
create index saved_searches_match_key_idx on public.saved_searches (match_key)
  include (match_type, match_price, match_beds, match_baths, match_flags, match_area, match_words, id, user_id,
    alerts)
  where match_key is not null;

create index saved_searches_match_cell_idx on public.saved_searches (match_cell)
  include (match_type, match_price, match_beds, match_baths, match_flags, match_area, match_words, id, user_id,
    alerts)
  where match_key is null;

create or replace function public.saved_searches_matching(listing public.listings)
  returns table (saved_search_id uuid, user_id uuid, alerts text)
  language sql
  stable
  set search_path = ''
as $$
  -- What the listing brings to the match, worked out once (each read below is an InitPlan, run once per call).
  with listing_at as (
    select
      case when listing.offer then listing.discounted_price else listing.regular_price end as price,
      public.listing_search_flags(listing.parking, listing.furnished, listing.offer, listing.status) as flags,
      public.search_point_cells(listing.longitude, listing.latitude) as cells,
      public.search_fold(listing.location || ' ' || listing.name || ' ' || coalesce(listing.description, ''))
        as folded
  ),
  candidates as (
    select s.id, s.user_id, s.alerts, s.match_words,
      s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area
    from public.saved_searches as s
    where s.match_key = any(public.search_text_pieces((select folded from listing_at)))
    union all
    select s.id, s.user_id, s.alerts, s.match_words,
      s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area
    from public.saved_searches as s
    where s.match_key is null and s.match_cell = any((select cells from listing_at)::bigint[])
  )
  -- listing_matches_search from the columns the indexes carry (so Postgres checks them in each index scan),
  -- then the words.
  select c.id, c.user_id, c.alerts
  from candidates as c
  where (c.match_type is null or c.match_type = listing.type)
    and c.match_price @> (select price from listing_at)
    and c.match_beds <= listing.bedrooms
    and c.match_baths <= listing.bathrooms
    and c.match_flags & (select flags from listing_at) = c.match_flags
    and listing.longitude between (c.match_area[1])[0] and (c.match_area[0])[0]
    and listing.latitude between (c.match_area[1])[1] and (c.match_area[0])[1]
    and (cardinality(c.match_words) = 0 or public.search_words_in((select folded from listing_at), c.match_words));
$$;
