-- Live: a home published that matches a saved search (or one of its matches gone with its listing) reaches
-- the search's owner (topic user:<id>, event `saved_search`), whose Saved → Searches re-reads its `N new`.
-- One event a person for the whole statement, naming the searches; nothing of the listing goes out.

create or replace function public.send_saved_search_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  owner record;
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return null;
  end if;
  for owner in
    select s.user_id, jsonb_agg(distinct s.id) as ids
    from changed_matches as m
    join public.saved_searches as s on s.id = m.saved_search_id
    group by s.user_id
  loop
    perform realtime.send(jsonb_build_object('ids', owner.ids), 'saved_search', 'user:' || owner.user_id::text, true);
  end loop;
  return null;
end;
$function$;

revoke all on function public.send_saved_search_live() from public, anon, authenticated, service_role;
