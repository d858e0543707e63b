/** The keys a listing is looked up by among saved searches (saved_search_lookup says which). */

create or replace function public.listing_lookup_keys(type text, place_ids integer[], longitude double precision, latitude double precision, keywords tsvector)
  returns text[]
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select array['a', 't' || listing_lookup_keys.type]
    || array(select 'p' || id from unnest(listing_lookup_keys.place_ids) as id)
    || array(select 'c' || cell from unnest(public.search_point_cells(listing_lookup_keys.longitude, listing_lookup_keys.latitude)) as cell)
    || array(
      select distinct 'k' || left(token, n)
      from unnest(tsvector_to_array(listing_lookup_keys.keywords)) as token, generate_series(1, 4) as n
      where n <= char_length(token)
    )
$function$;

revoke all on function public.listing_lookup_keys(type text, place_ids integer[], longitude double precision, latitude double precision, keywords tsvector) from public, anon, authenticated, service_role;
grant execute on function public.listing_lookup_keys(type text, place_ids integer[], longitude double precision, latitude double precision, keywords tsvector) to service_role;
