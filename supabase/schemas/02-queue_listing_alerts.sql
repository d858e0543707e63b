/**
 * Saved-search matching reads the market too: a listing published already off
 * the market (seeded with an old status) records no match and queues no
 * alert, and `N new` counts only listings still on the market.
 */

create or replace function public.queue_listing_alerts()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  -- No saved search yet (a fresh database being seeded): nothing to find for any listing.
  if not exists (select from public.saved_searches) then
    return null;
  end if;
  with found as (
    select m.saved_search_id, m.user_id, m.alerts, l.id as listing_id, l.created_at
    from new_listings as l
    cross join lateral public.saved_searches_matching(l::public.listings) as m
    where m.user_id <> l.user_ref
      and exists (select 1 from public.market_listings as on_market where on_market.id = l.id)
  ),
  recorded as (
    insert into public.saved_search_matches (saved_search_id, listing_id, listing_created_at)
    select found.saved_search_id, found.listing_id, found.created_at from found
    on conflict do nothing
  )
  insert into public.alert_deliveries (saved_search_id, listing_id, user_id, kind)
  select found.saved_search_id, found.listing_id, found.user_id, found.alerts from found
  where found.alerts <> 'off'
  on conflict on constraint alert_deliveries_one_per_match do nothing;
  return null;
end;
$function$;

revoke all on function public.queue_listing_alerts() from public, anon, authenticated, service_role;
