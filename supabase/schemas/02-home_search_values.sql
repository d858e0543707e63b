/**
 * ---------------------------------------------------------------------------
 * home_search_values: a valid search as its conditions read it
 * ---------------------------------------------------------------------------
 * The values home_search_where's conditions compare with, worked out once per search: the filters as given
 * (type, prices, rooms; flags only when on; availableOnly for underOffer false; the property types and the
 * EPC ratings an `epc` lets through as text[] literals, `{flat,studio}`, `{A,B,C}`), the bbox as four numbers,
 * inPlace for a place without a radius, near (the place's centre, the miles, and the box that holds the
 * circle) for a place with one, query (a prefix tsquery of the keywords' first 8 tokens) and polygon (x =
 * longitude, y = latitude) with areaBox (its box, widened past geo_ops' 1e-6 tolerance) for a drawn area.
 * A key left out is a condition that does not apply. The search must be valid (home_search_problem).
 */

create or replace function public.home_search_values(search jsonb)
  returns jsonb
  language plpgsql
  stable parallel safe
  set search_path to ''
as $function$
declare
  v jsonb := jsonb_strip_nulls(jsonb_build_object(
    'type', search -> 'type',
    'minPrice', search -> 'minPrice',
    'maxPrice', search -> 'maxPrice',
    'minBeds', search -> 'minBeds',
    'minBaths', search -> 'minBaths',
    'parking', case when search -> 'parking' = 'true' then true end,
    'furnished', case when search -> 'furnished' = 'true' then true end,
    'offer', case when search -> 'offer' = 'true' then true end,
    'availableOnly', case when search -> 'underOffer' = 'false' then true end,
    'propertyTypes', case when search ? 'propertyType' then '{' || (search ->> 'propertyType') || '}' end,
    'minArea', search -> 'minArea',
    'epcRatings', case when search ? 'epc' then
      '{' || left('A,B,C,D,E,F,G', 2 * (ascii(search ->> 'epc') - ascii('A')) + 1) || '}' end,
    'pets', case when search -> 'pets' = 'true' then true end,
    'bills', case when search -> 'bills' = 'true' then true end,
    'availableBy', search -> 'availableBy'
  ));
  centre record;
  miles double precision;
  angle double precision;
  dlat double precision;
  dlng double precision;
  points double precision[];
  query text;
begin
  if search ? 'bbox' then
    v := v || jsonb_build_object('box', to_jsonb(string_to_array(search ->> 'bbox', ',')::double precision[]));
  end if;
  if search ? 'place' and not search ? 'radius' then
    v := v || jsonb_build_object('inPlace', search -> 'place');
  elsif search ? 'place' then
    select p.latitude, p.longitude into centre from public.places as p where p.id = (search ->> 'place')::integer;
    miles := (search #>> '{radius}')::double precision;
    -- The circle lies within dlat of the centre's latitude, and within dlng of its longitude (where the
    -- circle's widest point is), each widened a little for rounding.
    angle := miles / 3958.8;
    dlat := degrees(angle) * 1.0001 + 1e-9;
    dlng := case when sin(angle) < cos(radians(abs(centre.latitude) + dlat)) and abs(centre.latitude) + dlat < 89
      then degrees(asin(sin(angle) / cos(radians(abs(centre.latitude) + dlat)))) * 1.0001 + 1e-9 else 360 end;
    v := v || jsonb_build_object('near', jsonb_build_object(
      'lat', centre.latitude, 'lng', centre.longitude, 'miles', miles,
      'south', centre.latitude - dlat, 'north', centre.latitude + dlat,
      'west', centre.longitude - dlng, 'east', centre.longitude + dlng
    ));
  end if;
  select string_agg(quote_literal(t.token) || ':*', ' & ' order by t.n) into query
  from unnest(public.keyword_tokens(search ->> 'keywords')) with ordinality as t (token, n)
  where t.n <= 8;
  if query is not null then
    v := v || jsonb_build_object('query', query);
  end if;
  if search ? 'area' then
    points := public.area_points(search ->> 'area');
    v := v || jsonb_build_object(
      'polygon', (
        select '(' || string_agg(format('(%s,%s)', points[i][2], points[i][1]), ',' order by i) || ')'
        from generate_series(1, array_length(points, 1)) as i
      ),
      'areaBox', (
        select jsonb_build_array(min(points[i][2]) - 1e-5, min(points[i][1]) - 1e-5,
          max(points[i][2]) + 1e-5, max(points[i][1]) + 1e-5)
        from generate_series(1, array_length(points, 1)) as i
      )
    );
  end if;
  return v;
end;
$function$;

revoke all on function public.home_search_values(search jsonb) from public, anon, authenticated, service_role;
grant execute on function public.home_search_values(search jsonb) to anon;
grant execute on function public.home_search_values(search jsonb) to authenticated;
grant execute on function public.home_search_values(search jsonb) to service_role;
