/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */

create or replace function public.note_app_open()
  returns timestamp with time zone
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
  seen timestamptz;
begin
  if me is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  insert into public.app_openings as o (user_id, last_seen_at)
  values (me, now())
  on conflict (user_id) do update set last_seen_at = excluded.last_seen_at
    where o.last_seen_at < now() - interval '1 minute';
  select o.last_seen_at into seen from public.app_openings as o where o.user_id = me;
  return seen;
end;
$function$;

revoke all on function public.note_app_open() from public, anon, authenticated, service_role;
grant execute on function public.note_app_open() to authenticated;
