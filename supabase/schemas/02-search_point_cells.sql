/** The keys under which an area that may hold the point is filed: at each size, its cell and the three west and south. */

create or replace function public.search_point_cells(longitude double precision, latitude double precision)
  returns bigint[]
  language sql
  immutable parallel safe strict
  set search_path to ''
RETURN ARRAY(SELECT (((((k.k + 10))::bigint * '1099511627776'::bigint) + (((floor(((search_point_cells.longitude + (180)::double precision) / power((2)::double precision, (k.k)::double precision))))::bigint - x.west) * 1048576)) + ((floor(((search_point_cells.latitude + (90)::double precision) / power((2)::double precision, (k.k)::double precision))))::bigint - y.south)) FROM generate_series('-10'::integer, 9) k(k), (VALUES (0), (1)) x(west), (VALUES (0), (1)) y(south));

revoke all on function public.search_point_cells(longitude double precision, latitude double precision) from public, anon, authenticated, service_role;
grant execute on function public.search_point_cells(longitude double precision, latitude double precision) to service_role;
