/**
 * ---------------------------------------------------------------------------
 * Finding the searches a listing matches
 * ---------------------------------------------------------------------------
 * Without scanning every saved search, two indexes give the candidates:
 *
 * - a search with a word of three or more characters has match_key, the start
 *   of its longest word (up to 5 characters), which any listing it matches
 *   holds somewhere in its text: the pieces of 3 to 5 characters of the
 *   listing's folded text are looked up in a btree of match_key, which also
 *   carries the type, price range and rooms, so most candidates that cannot
 *   match are dropped before their row is read;
 * - the others (a map area or filters only) are found in a GiST of the map
 *   area and the price range: those whose area holds the listing's position
 *   and whose range holds its price.
 *
 * Each candidate is then checked with listing_matches_search, the one
 * definition of a match.
 */

create or replace function public.saved_searches_matching(listing listings)
  returns table(saved_search_id uuid, user_id uuid, alerts text)
  language sql
  stable
  set search_path to ''
as $function$
  -- What the listing brings to the match, worked out once (each read below is an InitPlan, run once per call).
  with listing_at as (
    select
      case when listing.offer then listing.discounted_price else listing.regular_price end as price,
      public.listing_search_flags(listing.parking, listing.furnished, listing.offer, listing.status) as flags,
      public.search_point_cells(listing.longitude, listing.latitude) as cells,
      public.search_fold(listing.location || ' ' || listing.name || ' ' || coalesce(listing.description, ''))
        as folded
  ),
  candidates as (
    select s.id, s.user_id, s.alerts, s.match_words,
      s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area
    from public.saved_searches as s
    where s.match_key = any(public.search_text_pieces((select folded from listing_at)))
    union all
    select s.id, s.user_id, s.alerts, s.match_words,
      s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area
    from public.saved_searches as s
    where s.match_key is null and s.match_cell = any((select cells from listing_at)::bigint[])
  )
  -- listing_matches_search from the columns the indexes carry (so Postgres checks them in each index scan),
  -- then the words.
  select c.id, c.user_id, c.alerts
  from candidates as c
  where (c.match_type is null or c.match_type = listing.type)
    and c.match_price @> (select price from listing_at)
    and c.match_beds <= listing.bedrooms
    and c.match_baths <= listing.bathrooms
    and c.match_flags & (select flags from listing_at) = c.match_flags
    and listing.longitude between (c.match_area[1])[0] and (c.match_area[0])[0]
    and listing.latitude between (c.match_area[1])[1] and (c.match_area[0])[1]
    and (cardinality(c.match_words) = 0 or public.search_words_in((select folded from listing_at), c.match_words));
$function$;

revoke all on function public.saved_searches_matching(listing listings) from public, anon, authenticated, service_role;
grant execute on function public.saved_searches_matching(listing listings) to service_role;
