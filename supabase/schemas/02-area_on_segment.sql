/** area.ts onSegment: p within the box of a and b (x = latitude, y = longitude). */

create or replace function public.area_on_segment(a point, b point, p point)
  returns boolean
  language sql
  immutable parallel safe
as $function$
  select least(a[1], b[1]) <= p[1] and p[1] <= greatest(a[1], b[1])
    and least(a[0], b[0]) <= p[0] and p[0] <= greatest(a[0], b[0])
$function$;

revoke all on function public.area_on_segment(a point, b point, p point) from public, anon, authenticated, service_role;
grant execute on function public.area_on_segment(a point, b point, p point) to anon;
grant execute on function public.area_on_segment(a point, b point, p point) to authenticated;
grant execute on function public.area_on_segment(a point, b point, p point) to service_role;
