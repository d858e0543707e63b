-- Live: a listing whose status or price changes reaches its open page (topic listing:<id>, event
-- `listing`) and the saved homes of everyone who saved it (topic user:<id>, event `saved_home`).

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
        'status', l.status,
        'status_changed_at', l.status_changed_at,
        'regular_price', l.regular_price,
        'discounted_price', l.discounted_price,
        'offer', l.offer,
        'effective_price', l.effective_price
      ) as news, l.id
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.status is distinct from o.status or l.effective_price is distinct from o.effective_price
  loop
    perform realtime.send(changed.news, 'listing', 'listing:' || changed.id::text, true);
    for saver in select s.user_id from public.saved_listings as s where s.listing_id = changed.id loop
      perform realtime.send(changed.news, 'saved_home', 'user:' || saver::text, true);
    end loop;
  end loop;
  return null;
end;
$function$;

revoke all on function public.send_listing_live() from public, anon, authenticated, service_role;
