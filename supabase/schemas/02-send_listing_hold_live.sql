-- Live: a listing hidden or shown again (reports, a moderator's decision, the landlord's fix) reaches its
-- landlord's Your Listings and decisions (topic user:<landlord>, event `my_listing`) and its open pages
-- (topic listing:<id>, event `listing`), which re-read what they may see.

create or replace function public.send_listing_hold_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  held public.listing_review_holds := case when tg_op = 'DELETE' then old else new end;
  news jsonb;
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return null;
  end if;
  news := jsonb_build_object('id', held.listing_id, 'held', tg_op <> 'DELETE');
  perform realtime.send(news, 'my_listing', 'user:' || held.landlord_id::text, true);
  perform realtime.send(news, 'listing', 'listing:' || held.listing_id::text, true);
  return null;
end;
$function$;

revoke all on function public.send_listing_hold_live() from public, anon, authenticated, service_role;
