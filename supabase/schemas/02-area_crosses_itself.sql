/**
 * ---------------------------------------------------------------------------
 * Whether a drawn area crosses itself
 * ---------------------------------------------------------------------------
 * src/utils/area.ts crossesItself, step for step: two edges of the closed shape that do not share a corner
 * meet, or two neighbours fold back along each other. `points` as area_points gives them.
 */

create or replace function public.area_crosses_itself(points double precision[])
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  n integer := array_length(points, 1);
  a point; b point; c point; d point;
  o1 integer; o2 integer; o3 integer; o4 integer;
  folds boolean;
begin
  for i in 0 .. n - 1 loop
    for j in i + 1 .. n - 1 loop
      -- x = latitude, y = longitude, as area.ts's `lat` and `lng`.
      a := point(points[i + 1][1], points[i + 1][2]);
      b := point(points[(i + 1) % n + 1][1], points[(i + 1) % n + 1][2]);
      c := point(points[j + 1][1], points[j + 1][2]);
      d := point(points[(j + 1) % n + 1][1], points[(j + 1) % n + 1][2]);
      if j = i + 1 or (i = 0 and j = n - 1) then
        if j = i + 1 then
          folds := public.area_orientation(a, b, d) = 0
            and (public.area_on_segment(a, b, d) or public.area_on_segment(c, d, a));
        else
          folds := public.area_orientation(a, b, c) = 0
            and (public.area_on_segment(a, b, c) or public.area_on_segment(c, d, b));
        end if;
        if folds then
          return true;
        end if;
        continue;
      end if;
      o1 := public.area_orientation(a, b, c);
      o2 := public.area_orientation(a, b, d);
      o3 := public.area_orientation(c, d, a);
      o4 := public.area_orientation(c, d, b);
      if (o1 <> o2 and o3 <> o4)
        or (o1 = 0 and public.area_on_segment(a, b, c)) or (o2 = 0 and public.area_on_segment(a, b, d))
        or (o3 = 0 and public.area_on_segment(c, d, a)) or (o4 = 0 and public.area_on_segment(c, d, b)) then
        return true;
      end if;
    end loop;
  end loop;
  return false;
end;
$function$;

revoke all on function public.area_crosses_itself(points double precision[]) from public, anon, authenticated, service_role;
grant execute on function public.area_crosses_itself(points double precision[]) to anon;
grant execute on function public.area_crosses_itself(points double precision[]) to authenticated;
grant execute on function public.area_crosses_itself(points double precision[]) to service_role;
