/**
 * Moves the listings a statement changed between cells: departed rows
 * (updated or deleted) leave theirs, arrived rows (inserted or updated) join
 * theirs. One grouped upsert per transition table, so a bulk insert of a
 * million listings costs one pass; cells are written in key order, so two
 * statements touching the same cells wait for each other instead of
 * deadlocking. Security definer: the table is written by nobody else.
 */

create or replace function public.count_listing_clusters()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.count_listing_clusters() from public, anon, authenticated, service_role;
