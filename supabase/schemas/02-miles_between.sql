/**
 * ---------------------------------------------------------------------------
 * miles_between: great-circle miles between two positions
 * ---------------------------------------------------------------------------
 * Haversine on a sphere of 3,958.8 miles: 2R asin(sqrt(sin²(Δlat/2) + cos(lat1) cos(lat2) sin²(Δlng/2))).
 * The device computes the same, in the same order of operations (src/utils/match-listings.ts milesBetween).
 * A plain SQL expression, so a query that calls it has it inlined.
 */

create or replace function public.miles_between(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
  returns double precision
  language sql
  immutable parallel safe
as $function$
  select 7917.6::double precision * asin(sqrt(
    sin(radians(lat2 - lat1) / 2) * sin(radians(lat2 - lat1) / 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * (sin(radians(lng2 - lng1) / 2) * sin(radians(lng2 - lng1) / 2))
  ))
$function$;

revoke all on function public.miles_between(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) from public, anon, authenticated, service_role;
grant execute on function public.miles_between(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) to anon;
grant execute on function public.miles_between(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) to authenticated;
grant execute on function public.miles_between(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) to service_role;
