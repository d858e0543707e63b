/**
 * A search's filters as conditions on the columns market_listings and listing_place_words share, for a query run
 * by EXECUTE with count_listings' arguments in its order: $2 type, $3 and $4 the prices, $5 beds, $6 baths, $7 to
 * $10 the area's west, east, south and north. Only the conditions' text depends on the arguments; their values
 * are always parameters.
 */

create or replace function public.search_filter_conditions(type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, in_area boolean)
  returns text[]
  language sql
  immutable
  set search_path to ''
as $function$
  select array['true']
    || case when type is not null then array['type = $2'] else '{}' end
    || case when min_price is not null then array['effective_price >= $3'] else '{}' end
    || case when max_price is not null then array['effective_price <= $4'] else '{}' end
    || case when min_beds is not null then array['bedrooms >= $5'] else '{}' end
    || case when min_baths is not null then array['bathrooms >= $6'] else '{}' end
    || case when parking then array['parking'] else '{}' end
    || case when furnished then array['furnished'] else '{}' end
    || case when offer then array['offer'] else '{}' end
    || case when available_only then array['status = ''available'''] else '{}' end
    || case when in_area then array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10']
         else '{}' end
$function$;

revoke all on function public.search_filter_conditions(type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, in_area boolean) from public, anon, authenticated, service_role;
