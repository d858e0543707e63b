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

create or replace function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text default NULL::text, offer boolean default false)
  returns table(cell_x integer, cell_y integer, homes integer, latitude double precision, longitude double precision)
  language sql
  stable security definer
  set search_path to ''
as $function$
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
$function$;

comment on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) is 'Homes on the market per grid cell of `cell` degrees touching a box, for a type (null: both) and offer (false: any).';

revoke all on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) from public, anon, authenticated, service_role;
grant execute on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) to anon;
grant execute on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) to authenticated;
grant execute on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) to service_role;
