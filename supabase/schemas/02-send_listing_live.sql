-- Live: a listing that changes reaches its open page (topic listing:<id>, event `listing`), its landlord's
-- Your Listings and open edit screens (topic user:<landlord>, event `my_listing`), and, when its status,
-- price or leaving date moves, the saved homes of everyone who saved it (topic user:<id>, event `saved_home`).
-- Every update counts (each bumps the version): an edit made on another phone or tab, a status change, the
-- leaving date moved by an operator. Only ids, the version and what every reader of the listing sees go out.

create or replace function public.send_listing_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  changed record;
  saver uuid;
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return null;
  end if;
  for changed in
    select jsonb_build_object(
        'id', l.id,
        'version', l.version,
        'status', l.status,
        'status_changed_at', l.status_changed_at,
        'off_market_at', l.off_market_at,
        'regular_price', l.regular_price,
        'discounted_price', l.discounted_price,
        'offer', l.offer,
        'effective_price', l.effective_price
      ) as news,
      l.id,
      l.user_ref,
      l.status is distinct from o.status
        or l.effective_price is distinct from o.effective_price
        or l.off_market_at is distinct from o.off_market_at as moved
    from new_listings as l
    join old_listings as o on o.id = l.id
  loop
    perform realtime.send(changed.news, 'listing', 'listing:' || changed.id::text, true);
    perform realtime.send(
      jsonb_build_object('id', changed.id, 'version', changed.news -> 'version'),
      'my_listing', 'user:' || changed.user_ref::text, true);
    if changed.moved then
      for saver in select s.user_id from public.saved_listings as s where s.listing_id = changed.id loop
        perform realtime.send(changed.news, 'saved_home', 'user:' || saver::text, true);
      end loop;
    end if;
  end loop;
  return null;
end;
$function$;

revoke all on function public.send_listing_live() from public, anon, authenticated, service_role;
