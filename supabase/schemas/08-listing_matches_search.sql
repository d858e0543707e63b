/**
 * ---------------------------------------------------------------------------
 * Searches: `underOffer` and the `reduced` sort
 * ---------------------------------------------------------------------------
 * A search's `underOffer: false` (the URL's `?underOffer=false`; on by
 * default, never written when on) keeps only available homes; `sort` may be
 * `reduced`. saved_search_params_valid accepts exactly these and
 * listing_matches_search applies the first as src/utils/match-listings.ts
 * does. Whether a listing is still on the market is not part of the match: the
 * callers read market_listings.
 */

create or replace function public.listing_matches_search(listing listings, params jsonb)
  returns boolean
  language sql
  immutable parallel safe
as $function$
  select
    (params ->> 'type' is null or (listing).type = params ->> 'type')
    and (params ->> 'minPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        >= (params ->> 'minPrice')::numeric)
    and (params ->> 'maxPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        <= (params ->> 'maxPrice')::numeric)
    and (params ->> 'minBeds' is null or (listing).bedrooms >= (params ->> 'minBeds')::numeric)
    and (params ->> 'minBaths' is null or (listing).bathrooms >= (params ->> 'minBaths')::numeric)
    and (params -> 'parking' is distinct from 'true' or (listing).parking)
    and (params -> 'furnished' is distinct from 'true' or (listing).furnished)
    and (params -> 'offer' is distinct from 'true' or (listing).offer)
    and (params -> 'underOffer' is distinct from 'false' or (listing).status = 'available')
    and (params ->> 'bbox' is null or (
      (listing).longitude between split_part(params ->> 'bbox', ',', 1)::float8
        and split_part(params ->> 'bbox', ',', 3)::float8
      and (listing).latitude between split_part(params ->> 'bbox', ',', 2)::float8
        and split_part(params ->> 'bbox', ',', 4)::float8
    ))
    and (params ->> 'q' is null or public.search_words_in(
      public.search_fold((listing).location || ' ' || (listing).name || ' ' || coalesce((listing).description, '')),
      public.search_words(params ->> 'q')
    ))
$function$;

revoke all on function public.listing_matches_search(listing listings, params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to public;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to anon;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to authenticated;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to service_role;
