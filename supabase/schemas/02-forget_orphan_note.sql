-- A note whose author's account was deleted lives on only in a shortlist; outside one nobody could read it.
create or replace function public.forget_orphan_note()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if new.author_id is null and new.shortlist_id is null then
    delete from public.home_notes as n where n.id = new.id;
  end if;
  return null;
end;
$function$;

revoke all on function public.forget_orphan_note() from public, anon, authenticated, service_role;
