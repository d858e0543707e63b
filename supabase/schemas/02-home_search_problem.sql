/**
 * ---------------------------------------------------------------------------
 * home_search_problem: what is wrong with a search, if anything
 * ---------------------------------------------------------------------------
 * The one check of a search (src/types/home-search.ts HomeSearch as JSON): search_homes and count_homes
 * refuse what it names (22023), and so does a saved search's params. Null when the search is valid: known
 * keys only, numbers whole and in range, flags `true` (underOffer `false`), a place that exists, a radius of
 * the list and only with a place, property types of the list (comma-separated), an EPC letter A to G, the
 * rent filters (pets, bills, availableBy a real YYYY-MM-DD date) only with type rent, keywords up to 100 characters, an area that decodes to 3 to 50 points and
 * does not cross itself, a bbox as the URL writes it.
 */

create or replace function public.home_search_problem(search jsonb)
  returns text
  language plpgsql
  stable parallel safe
  set search_path to ''
as $function$
declare
  key text;
  value jsonb;
  points double precision[];
begin
  if search is null or jsonb_typeof(search) <> 'object' then
    return 'A search is a JSON object';
  end if;
  for key, value in select e.key, e.value from jsonb_each(search) as e order by e.key loop
    if key = 'place' then
      if jsonb_typeof(value) <> 'number' or value::numeric <> trunc(value::numeric)
        or not value::numeric between 1 and 2147483647
        or not exists (select from public.places as p where p.id = value::integer) then
        return format('Unknown place %s', value);
      end if;
    elsif key = 'radius' then
      if value #>> '{}' not in ('0.25', '0.5', '1', '3', '5', '10', '15', '20', '30', '40')
        or jsonb_typeof(value) not in ('string', 'number') then
        return format('Unknown radius %s: a radius is one of 0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40 miles', value);
      end if;
      if not search ? 'place' then
        return 'A radius needs a place';
      end if;
    elsif key = 'keywords' then
      if jsonb_typeof(value) <> 'string' then
        return 'Keywords are text';
      end if;
      if char_length(value #>> '{}') > 100 then
        return 'Keywords are at most 100 characters';
      end if;
    elsif key = 'area' then
      if jsonb_typeof(value) <> 'string' then
        return 'An area is an encoded polyline';
      end if;
      points := public.area_points(value #>> '{}');
      if points is null then
        return 'The area does not decode: an area is an encoded polyline';
      elsif coalesce(array_length(points, 1), 0) < 3 then
        return 'An area has at least 3 points';
      elsif array_length(points, 1) > 50 then
        return 'An area has at most 50 points';
      elsif public.area_crosses_itself(points) then
        return 'Draw an area that does not cross itself';
      end if;
    elsif key = 'type' then
      if value not in ('"rent"', '"sale"') then
        return format('Unknown type %s: rent or sale', value);
      end if;
    elsif key in ('minPrice', 'maxPrice', 'minBeds', 'minBaths') then
      if jsonb_typeof(value) <> 'number' or value::numeric <> trunc(value::numeric)
        or not value::numeric between (case when key like '%Price' then 0 else 1 end)
          and (case when key like '%Price' then 750000000 else 50 end) then
        return format('%s is a whole number from %s to %s', key,
          case when key like '%Price' then 0 else 1 end, case when key like '%Price' then 750000000 else 50 end);
      end if;
    elsif key in ('parking', 'furnished', 'offer') then
      if value <> 'true' then
        return format('%s is true or left out', key);
      end if;
    elsif key = 'propertyType' then
      if jsonb_typeof(value) <> 'string' or value #>> '{}' = ''
        or exists (
          select from unnest(string_to_array(value #>> '{}', ',')) as t (type)
          where t.type not in ('flat', 'maisonette', 'terraced', 'semi_detached', 'detached', 'bungalow',
            'cottage', 'studio', 'other')
        ) then
        return format('Unknown propertyType %s: one or more of flat, maisonette, terraced, semi_detached, detached, bungalow, cottage, studio, other, comma-separated', value);
      end if;
    elsif key = 'minArea' then
      if jsonb_typeof(value) <> 'number' or value::numeric <> trunc(value::numeric)
        or not value::numeric between 1 and 10000 then
        return 'minArea is a whole number of m² from 1 to 10000';
      end if;
    elsif key = 'epc' then
      if value not in ('"A"', '"B"', '"C"', '"D"', '"E"', '"F"', '"G"') then
        return format('Unknown epc %s: a letter from A to G', value);
      end if;
    elsif key in ('pets', 'bills', 'availableBy') then
      if key = 'availableBy' and (jsonb_typeof(value) <> 'string'
        or value #>> '{}' !~ '^20[0-9]{2}-[0-9]{2}-[0-9]{2}$'
        or not substr(value #>> '{}', 6, 2)::integer between 1 and 12
        or not substr(value #>> '{}', 9, 2)::integer between 1 and extract(day from
          make_date(left(value #>> '{}', 4)::integer, substr(value #>> '{}', 6, 2)::integer, 1)
            + interval '1 month - 1 day')) then
        return 'availableBy is a date, YYYY-MM-DD';
      elsif key <> 'availableBy' and value <> 'true' then
        return format('%s is true or left out', key);
      end if;
      if search -> 'type' is distinct from '"rent"' then
        return format('%s needs type rent', key);
      end if;
    elsif key = 'underOffer' then
      if value <> 'false' then
        return 'underOffer is false or left out';
      end if;
    elsif key = 'bbox' then
      if jsonb_typeof(value) <> 'string' or not public.search_bbox_valid(value #>> '{}') then
        return 'bbox is "west,south,east,north" in degrees, west below east and south below north';
      end if;
    elsif key = 'sort' then
      if value not in ('"newest"', '"price-asc"', '"price-desc"', '"reduced"') then
        return format('Unknown sort %s', value);
      end if;
    elsif key = 'view' then
      if value not in ('"list"', '"map"') then
        return format('Unknown view %s', value);
      end if;
    elsif key = 'q' then
      return 'q is read as a place or keywords before searching: send place or keywords';
    else
      return format('Unknown search field %s', to_jsonb(key));
    end if;
  end loop;
  return null;
end;
$function$;

revoke all on function public.home_search_problem(search jsonb) from public, anon, authenticated, service_role;
grant execute on function public.home_search_problem(search jsonb) to anon;
grant execute on function public.home_search_problem(search jsonb) to authenticated;
grant execute on function public.home_search_problem(search jsonb) to service_role;
