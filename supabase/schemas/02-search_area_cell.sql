/** Where a map area is filed: the size level (k + 10) and the cell of its south-west corner, in one key. */

create or replace function public.search_area_cell(area box)
  returns bigint
  language sql
  immutable parallel safe strict
  set search_path to ''
RETURN (WITH span AS (SELECT (GREATEST((((search_area_cell.area)[0])[0] - ((search_area_cell.area)[1])[0]), (((search_area_cell.area)[0])[1] - ((search_area_cell.area)[1])[1])) * (1.001)::double precision) AS size), estimate AS (SELECT span.size, (ceil((ln(GREATEST(span.size, (0.000000001)::double precision)) / ln((2)::double precision))))::integer AS k FROM span), level AS (SELECT GREATEST('-10'::integer, LEAST(9, CASE WHEN (power((2)::double precision, (estimate.k)::double precision) < estimate.size) THEN (estimate.k + 1) ELSE estimate.k END)) AS k FROM estimate) SELECT (((((level.k + 10))::bigint * '1099511627776'::bigint) + ((floor(((((search_area_cell.area)[1])[0] + (180)::double precision) / power((2)::double precision, (level.k)::double precision))))::bigint * 1048576)) + (floor(((((search_area_cell.area)[1])[1] + (90)::double precision) / power((2)::double precision, (level.k)::double precision))))::bigint) FROM level);

revoke all on function public.search_area_cell(area box) from public, anon, authenticated, service_role;
grant execute on function public.search_area_cell(area box) to authenticated;
grant execute on function public.search_area_cell(area box) to service_role;
