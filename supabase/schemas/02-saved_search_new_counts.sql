/**
 * ---------------------------------------------------------------------------
 * `N new`, up to 1,000
 * ---------------------------------------------------------------------------
 * saved_search_new_counts counted at most 100 matches a search, so a broad
 * search said `100 new` however many had come. It now counts up to 1,001: up
 * to 1,000 the count is exact (`capped` false); beyond, new_count is 1,000
 * and `capped` is true, which the app shows as `1,000+ new`. Otherwise as
 * before: the caller's searches only, listings published after the search was
 * last opened that still match it and are still on the market, not the
 * caller's own. The result's columns change, so the function is created anew.
 */

create or replace function public.saved_search_new_counts()
  returns table(saved_search_id uuid, new_count integer, capped boolean)
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
begin
  -- Each match recorded since the search was last opened, of a home still on the market that still passes
  -- the search (home_search_where with the search's values).
  return query execute
    'select s.id, least(counted.n, 1000)::integer, counted.n > 1000
     from public.saved_searches as s
     cross join lateral (
       select count(*) as n
       from (
         select
         from public.saved_search_matches as m
         join public.market_listings as h on h.id = m.listing_id
         where m.saved_search_id = s.id
           and m.listing_created_at > s.last_opened_at
           and h.user_ref <> s.user_id
           and ' || public.home_search_where('s.match') || '
         limit 1001
       ) as matches
     ) as counted
     where s.user_id = $1
     order by s.created_at, s.id'
  using auth.uid();
end;
$function$;

comment on function public.saved_search_new_counts() is 'For each of the caller''s saved searches, how many homes are new to it: exact up to 1,000; capped means more than 1,000.';

revoke all on function public.saved_search_new_counts() from public, anon, authenticated, service_role;
grant execute on function public.saved_search_new_counts() to authenticated;
grant execute on function public.saved_search_new_counts() to service_role;
