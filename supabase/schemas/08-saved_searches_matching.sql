/**
 * ---------------------------------------------------------------------------
 * Finding the searches a listing matches
 * ---------------------------------------------------------------------------
 * The saved searches filed under one of the listing's lookup keys (listing_lookup_keys, saved_search_lookup),
 * of its type and price range (in the index), that pass home_search_where with their own values: the one
 * definition of a match, as a search's pages and count read it.
 */

create or replace function public.saved_searches_matching(listing listings)
  returns table(saved_search_id uuid, user_id uuid, alerts text)
  language plpgsql
  stable
  set search_path to ''
as $function$
begin
  return query execute
    'select s.id, s.user_id, s.alerts
     from (select ($1).*) as h
       cross join public.saved_searches as s
     where s.match_lookup = any($2)
       and (s.match_type is null or s.match_type = h.type)
       and s.match_price @> h.effective_price
       and ' || public.home_search_where('s.match')
  using listing, public.listing_lookup_keys(listing.type, listing.place_ids, listing.longitude, listing.latitude,
    listing.keywords);
end;
$function$;

revoke all on function public.saved_searches_matching(listing listings) from public, anon, authenticated, service_role;
grant execute on function public.saved_searches_matching(listing listings) to service_role;
