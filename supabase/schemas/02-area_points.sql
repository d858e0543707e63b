/**
 * ---------------------------------------------------------------------------
 * A drawn area's points
 * ---------------------------------------------------------------------------
 * The points of an encoded polyline (Google's format, 5 decimals), as [latitude, longitude] pairs, decoded
 * exactly as src/utils/area.ts decodePolyline does (its 32-bit integer arithmetic included), or null when
 * the text does not decode to coordinates.
 */

create or replace function public.area_points(area text)
  returns double precision[]
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  code integer;
  shift integer := 0;
  result bigint := 0;
  value bigint;
  numbers bigint[] := '{}';
  lat bigint := 0;
  lng bigint := 0;
  points double precision[] := '{}';
begin
  foreach code in array array(select ascii(c) from regexp_split_to_table(area, '') as c) loop
    code := code - 63;
    if code < 0 or code > 63 or shift > 30 then
      return null;
    end if;
    -- JavaScript's `|=` and `<<` work on 32-bit integers.
    result := (result | (((code & 31)::bigint << shift) & 4294967295)) & 4294967295;
    shift := shift + 5;
    if code < 32 then
      value := case when result >= 2147483648 then result - 4294967296 else result end;
      numbers := numbers || case when value & 1 = 1 then -(value >> 1) - 1 else value >> 1 end;
      shift := 0;
      result := 0;
    end if;
  end loop;
  if shift <> 0 or cardinality(numbers) % 2 <> 0 then
    return null;
  end if;
  for i in 1 .. cardinality(numbers) / 2 loop
    lat := lat + numbers[2 * i - 1];
    lng := lng + numbers[2 * i];
    if abs(lat::double precision / 1e5::double precision) > 90 or abs(lng::double precision / 1e5::double precision) > 180 then
      return null;
    end if;
    points := points || array[[lat::double precision / 1e5::double precision, lng::double precision / 1e5::double precision]];
  end loop;
  return points;
end;
$function$;

revoke all on function public.area_points(area text) from public, anon, authenticated, service_role;
grant execute on function public.area_points(area text) to anon;
grant execute on function public.area_points(area text) to authenticated;
grant execute on function public.area_points(area text) to service_role;
