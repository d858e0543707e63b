/**
 * ---------------------------------------------------------------------------
 * place_ids_at: the places a position belongs to
 * ---------------------------------------------------------------------------
 * The `within` of the place nearest the position (great-circle miles, ties to the lower id), or none when
 * there are no places. The places in a box around the position are measured; the nearest of them is the
 * nearest of all when it lies within the circle the box holds, else the box grows.
 */

create or replace function public.place_ids_at(latitude double precision, longitude double precision)
  returns integer[]
  language plpgsql
  stable parallel safe
  set search_path to ''
as $function$
declare
  miles double precision := 5;
  -- The circle's angular radius, and the box's half-height and half-width in degrees.
  angle double precision;
  dlat double precision;
  dlng double precision;
  whole boolean;
  nearest record;
begin
  loop
    angle := miles / 3958.8;
    whole := angle >= pi() / 2;
    dlat := degrees(angle) * 1.0001 + 1e-9;
    if not whole and abs(place_ids_at.latitude) + dlat < 89 then
      dlng := degrees(asin(least(1, sin(angle) / cos(radians(abs(place_ids_at.latitude) + dlat))))) * 1.0001 + 1e-9;
      whole := abs(place_ids_at.longitude) + dlng >= 180 or sin(angle) >= cos(radians(abs(place_ids_at.latitude) + dlat));
    else
      whole := true;
    end if;
    select p.within, public.miles_between(place_ids_at.latitude, place_ids_at.longitude, p.latitude, p.longitude) as d
    into nearest
    from public.places as p
    where whole or (p.latitude between place_ids_at.latitude - dlat and place_ids_at.latitude + dlat
      and p.longitude between place_ids_at.longitude - dlng and place_ids_at.longitude + dlng)
    order by 2, p.id
    limit 1;
    if nearest.within is not null and (whole or nearest.d <= miles) then
      return nearest.within;
    end if;
    if whole then
      return '{}';
    end if;
    miles := miles * 4;
  end loop;
end;
$function$;

revoke all on function public.place_ids_at(latitude double precision, longitude double precision) from public, anon, authenticated, service_role;
grant execute on function public.place_ids_at(latitude double precision, longitude double precision) to service_role;
