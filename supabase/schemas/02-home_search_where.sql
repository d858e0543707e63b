/**
 * ---------------------------------------------------------------------------
 * home_search_where: the one definition of a search's filters
 * ---------------------------------------------------------------------------
 * Every filter as one condition on a home `h` (a row of market_listings or listings), comparing it with the
 * values `v` (an SQL expression of home_search_values' jsonb). Counting, every page order, the map's homes
 * (search_homes, count_homes) and saved-search matching (saved_searches_matching, saved_search_new_counts)
 * read this text and nothing else. A search runs it by EXECUTE with v = $1, so each statement is planned for
 * its values: a value left out folds its condition to true, a value given to a plain comparison the
 * indexes serve (btree on type, price and created_at; GIN on place_ids and keywords; GiST on the position).
 * A property fact a home does not give (null) never passes its filter; an exempt EPC passes no `epc`.
 * The property types and the EPC letters come as `{flat,studio}` and are split by immutable functions
 * (string_to_array, btrim), not cast (a cast of text to text[] is only stable), so for a search's own values
 * they fold to a constant array: the planner estimates them from the column's statistics and can match a
 * partial index of the rarer types. A saved search's match is split the same way for each new home.
 * A radius and a drawn area are a box first (the index), then the exact test: great-circle miles from the
 * place's centre (miles_between), and PostgreSQL's `point <@ polygon`, edges included. The polygon test is
 * wrapped in coalesce (the same truth in a WHERE: a null point is in no shape) only for the planner: it
 * estimates `point <@ polygon` at 1 home in 1,000 of its box, so a city drawn on the map was planned as a few
 * dozen homes, every home of the box read and sorted (area-city at 1,000,000 homes: 150-400 ms a page);
 * as an expression it is estimated at one in two, as a drawn shape fills its box, and a page walks the
 * order's index to its 11 homes (about 1 ms).
 */

create or replace function public.home_search_where(v text)
  returns text
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select format($conditions$
        ((%1$s ->> 'type') is null or h.type = (%1$s ->> 'type'))
    and ((%1$s ->> 'minPrice') is null or h.effective_price >= (%1$s ->> 'minPrice')::integer)
    and ((%1$s ->> 'maxPrice') is null or h.effective_price <= (%1$s ->> 'maxPrice')::integer)
    and ((%1$s ->> 'minBeds') is null or h.bedrooms >= (%1$s ->> 'minBeds')::integer)
    and ((%1$s ->> 'minBaths') is null or h.bathrooms >= (%1$s ->> 'minBaths')::integer)
    and ((%1$s ->> 'parking') is null or h.parking)
    and ((%1$s ->> 'furnished') is null or h.furnished)
    and ((%1$s ->> 'offer') is null or h.offer)
    and ((%1$s ->> 'availableOnly') is null or h.status = 'available')
    and ((%1$s ->> 'propertyTypes') is null or h.property_type = any (string_to_array(btrim(%1$s ->> 'propertyTypes', '{}'), ',')))
    and ((%1$s ->> 'minArea') is null or h.floor_area_m2 >= (%1$s ->> 'minArea')::numeric)
    and ((%1$s ->> 'epcRatings') is null or h.epc_rating = any (string_to_array(btrim(%1$s ->> 'epcRatings', '{}'), ',')))
    and ((%1$s ->> 'pets') is null or h.pets_considered)
    and ((%1$s ->> 'bills') is null or h.bills_included)
    and ((%1$s ->> 'availableBy') is null or h.available_now or h.available_from <= (%1$s ->> 'availableBy')::date)
    and ((%1$s -> 'box') is null or (
      h.longitude >= (%1$s #>> '{box,0}')::double precision and h.longitude <= (%1$s #>> '{box,2}')::double precision
      and h.latitude >= (%1$s #>> '{box,1}')::double precision and h.latitude <= (%1$s #>> '{box,3}')::double precision))
    and ((%1$s ->> 'inPlace') is null or h.place_ids @> array[(%1$s ->> 'inPlace')::integer])
    and ((%1$s -> 'near') is null or (
      h.latitude >= (%1$s #>> '{near,south}')::double precision and h.latitude <= (%1$s #>> '{near,north}')::double precision
      and h.longitude >= (%1$s #>> '{near,west}')::double precision and h.longitude <= (%1$s #>> '{near,east}')::double precision
      and public.miles_between((%1$s #>> '{near,lat}')::double precision, (%1$s #>> '{near,lng}')::double precision,
        h.latitude, h.longitude) <= (%1$s #>> '{near,miles}')::double precision))
    and ((%1$s ->> 'query') is null or h.keywords @@ (%1$s ->> 'query')::tsquery)
    and ((%1$s -> 'areaBox') is null or (
      h.longitude >= (%1$s #>> '{areaBox,0}')::double precision and h.longitude <= (%1$s #>> '{areaBox,2}')::double precision
      and h.latitude >= (%1$s #>> '{areaBox,1}')::double precision and h.latitude <= (%1$s #>> '{areaBox,3}')::double precision
      and coalesce(point(h.longitude, h.latitude) <@ (%1$s ->> 'polygon')::polygon, false)))
  $conditions$, v)
$function$;

revoke all on function public.home_search_where(v text) from public, anon, authenticated, service_role;
grant execute on function public.home_search_where(v text) to service_role;
