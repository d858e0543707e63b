/**
 * ---------------------------------------------------------------------------
 * What a saved search's parameters may hold
 * ---------------------------------------------------------------------------
 * Exactly what parseHomeSearch (src/types/home-search.ts) gives for a URL,
 * without `view`: known keys only, defaults left out, numbers as whole JSON
 * numbers in range, flags as `true`, the sort as `price-asc` or `price-desc`,
 * `q` as normalised text (single spaces, no other whitespace, up to 100
 * UTF-16 units as JavaScript counts them), and `bbox` as
 * "west,south,east,north" written as JavaScript writes numbers, in range, west
 * below east and south below north.
 */

create or replace function public.search_bbox_valid(bbox text)
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
  set extra_float_digits to '1'
as $function$
declare
  parts text[] := string_to_array(bbox, ',');
  part text;
  coordinates float8[] := '{}';
  coordinate float8;
begin
  if cardinality(parts) <> 4 then
    return false;
  end if;
  foreach part in array parts loop
    if part !~ '^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$' or part = '-0' then
      return false;
    end if;
    coordinate := part::float8;
    -- JavaScript writes 1e-7 in exponent form, which the URL's bbox does not accept.
    if coordinate::text::numeric <> part::numeric or (coordinate <> 0 and abs(coordinate) < 0.000001) then
      return false;
    end if;
    coordinates := coordinates || coordinate;
  end loop;
  return abs(coordinates[1]) <= 180 and abs(coordinates[3]) <= 180
    and abs(coordinates[2]) <= 90 and abs(coordinates[4]) <= 90
    and coordinates[1] < coordinates[3] and coordinates[2] < coordinates[4];
end;
$function$;

revoke all on function public.search_bbox_valid(bbox text) from public, anon, authenticated, service_role;
grant execute on function public.search_bbox_valid(bbox text) to anon;
grant execute on function public.search_bbox_valid(bbox text) to authenticated;
grant execute on function public.search_bbox_valid(bbox text) to service_role;
