/** area.ts orientation: the sign of the turn a -> b -> c (x = latitude, y = longitude). */

create or replace function public.area_orientation(a point, b point, c point)
  returns integer
  language sql
  immutable parallel safe
as $function$
  select sign((b[1] - a[1]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[1] - a[1]))::integer
$function$;

revoke all on function public.area_orientation(a point, b point, c point) from public, anon, authenticated, service_role;
grant execute on function public.area_orientation(a point, b point, c point) to anon;
grant execute on function public.area_orientation(a point, b point, c point) to authenticated;
grant execute on function public.area_orientation(a point, b point, c point) to service_role;
