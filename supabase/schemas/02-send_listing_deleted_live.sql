-- Live: a deleted listing says so to its open pages (topic listing:<id>, event `listing_deleted`), its
-- landlord's other phones and tabs (topic user:<landlord>, event `my_listing` with `deleted`) and everyone
-- who saved it (topic user:<id>, event `saved_home` with `deleted`). Before the row goes, for each row: the
-- saves are still there to be read (they go with the listing), and a delete that fails takes its events with it.

create or replace function public.send_listing_deleted_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  news jsonb := jsonb_build_object('id', old.id, 'deleted', true);
  saver uuid;
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return old;
  end if;
  perform realtime.send(news, 'listing_deleted', 'listing:' || old.id::text, true);
  perform realtime.send(news, 'my_listing', 'user:' || old.user_ref::text, true);
  for saver in select s.user_id from public.saved_listings as s where s.listing_id = old.id loop
    perform realtime.send(news, 'saved_home', 'user:' || saver::text, true);
  end loop;
  return old;
end;
$function$;

revoke all on function public.send_listing_deleted_live() from public, anon, authenticated, service_role;
