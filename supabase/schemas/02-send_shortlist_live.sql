-- Live: a home added to or removed from a shared shortlist, a member's note or 👍 / 👎 written, changed or
-- deleted, a member joining or leaving, reaches the shortlist's open Saved screens (topic shortlist:<id>,
-- event `shortlist`), which re-read the shortlist. Only ids go out: the shortlist and the home, if any.

create or replace function public.send_shortlist_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  before jsonb := case when tg_op = 'INSERT' then '{}'::jsonb else to_jsonb(old) end;
  after jsonb := case when tg_op = 'DELETE' then '{}'::jsonb else to_jsonb(new) end;
  shortlist text;
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return null;
  end if;
  for shortlist in
    select distinct id from unnest(array[before ->> 'shortlist_id', after ->> 'shortlist_id']) as id
    where id is not null
  loop
    perform realtime.send(
      jsonb_strip_nulls(jsonb_build_object(
        'shortlist_id', shortlist,
        'listing_id', coalesce(after ->> 'listing_id', before ->> 'listing_id'))),
      'shortlist', 'shortlist:' || shortlist, true);
  end loop;
  return null;
end;
$function$;

revoke all on function public.send_shortlist_live() from public, anon, authenticated, service_role;
